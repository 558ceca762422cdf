CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`at` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text NOT NULL,
	`actor_label` text NOT NULL,
	`request_id` text NOT NULL,
	`ip` text,
	`user_agent` text,
	`target_type` text,
	`target_id` text,
	`detail` text,
	CONSTRAINT "audit_events_actor" CHECK("actor_type" IN ('user', 'api_key', 'operator'))
);
--> statement-breakpoint
CREATE INDEX `audit_events_account_at` ON `audit_events` (`account_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_events_account_kind` ON `audit_events` (`account_id`,`kind`,`at`);