ALTER TABLE `invites` ADD `emailed_to` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_proven_at` integer;