CREATE TABLE `step_failures` (
	`message_key` text PRIMARY KEY NOT NULL,
	`task_kind` text NOT NULL,
	`task_id` text NOT NULL,
	`account_id` text NOT NULL,
	`step` text NOT NULL,
	`reason` text NOT NULL,
	`attempts` integer NOT NULL,
	`failed_at` integer NOT NULL,
	`dead_lettered_at` integer,
	`redriven_at` integer,
	CONSTRAINT "step_failures_task_kind" CHECK("task_kind" IN ('query', 'check', 'move')),
	CONSTRAINT "step_failures_reason" CHECK("reason" IN ('upstream_failed', 'download_failed', 'ocr_failed', 'step_threw', 'step_deadline', 'waited'))
);
--> statement-breakpoint
CREATE INDEX `step_failures_dead_lettered` ON `step_failures` (`dead_lettered_at`);--> statement-breakpoint
CREATE INDEX `step_failures_task` ON `step_failures` (`task_id`);