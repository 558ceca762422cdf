DROP INDEX `users_email`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_account_email` ON `users` (`account_id`,`email`);--> statement-breakpoint
CREATE INDEX `users_email` ON `users` (`email`);