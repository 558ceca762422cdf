ALTER TABLE `criteria` ADD `folded_value` text;--> statement-breakpoint
CREATE INDEX `criteria_folded_value` ON `criteria` (`folded_value`,`check_id`);--> statement-breakpoint
-- Criteria written before the column: folded in SQL as far as SQL can (lower case, white space out,
-- full-width digits to ASCII); the matcher's script folds (traditional to simplified) apply from now on.
UPDATE `criteria` SET `folded_value` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(`value`), ' ', ''), '　', ''), char(9), ''), char(10), ''), char(13), ''), '０', '0'), '１', '1'), '２', '2'), '３', '3'), '４', '4'), '５', '5'), '６', '6'), '７', '7'), '８', '8'), '９', '9') WHERE `folded_value` IS NULL;
