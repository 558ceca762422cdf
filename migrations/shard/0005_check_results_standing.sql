ALTER TABLE `check_results` ADD `standing` text;--> statement-breakpoint
ALTER TABLE `check_results` ADD `standing_rank` integer;