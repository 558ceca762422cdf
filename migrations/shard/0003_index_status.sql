ALTER TABLE `registrations` ADD `index_status` text DEFAULT 'not_requested' NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `indexed_at` integer;--> statement-breakpoint
CREATE INDEX `registrations_query_index_status` ON `registrations` (`query_id`,`index_status`);