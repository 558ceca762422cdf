CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`disabled` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `allowance_buckets` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`amount` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`subscription_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "allowance_buckets_kind" CHECK("kind" IN ('query', 'check')),
	CONSTRAINT "allowance_buckets_source" CHECK("source" IN ('plan', 'addon', 'gift')),
	CONSTRAINT "allowance_buckets_amount" CHECK("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `allowance_buckets_account` ON `allowance_buckets` (`account_id`,`kind`,`expires_at`);--> statement-breakpoint
CREATE TABLE `allowance_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`bucket_id` text NOT NULL,
	`kind` text NOT NULL,
	`task_id` text NOT NULL,
	`entry` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`bucket_id`) REFERENCES `allowance_buckets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "allowance_ledger_kind" CHECK("kind" IN ('query', 'check')),
	CONSTRAINT "allowance_ledger_entry" CHECK("entry" IN ('reserve', 'settle', 'release'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `allowance_ledger_reserve` ON `allowance_ledger` (`task_id`,`kind`) WHERE "entry" = 'reserve';--> statement-breakpoint
CREATE UNIQUE INDEX `allowance_ledger_outcome` ON `allowance_ledger` (`task_id`,`kind`) WHERE "entry" <> 'reserve';--> statement-breakpoint
CREATE INDEX `allowance_ledger_bucket` ON `allowance_ledger` (`bucket_id`,`entry`);--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `plans` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`query_allowance` integer NOT NULL,
	`check_allowance` integer NOT NULL,
	`check_enabled` integer NOT NULL,
	`api_enabled` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`cycle` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`plan_id`) REFERENCES `plans`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "subscriptions_cycle" CHECK("cycle" IN ('monthly', 'annual'))
);
--> statement-breakpoint
CREATE INDEX `subscriptions_account` ON `subscriptions` (`account_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `queries` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`subject_name` text NOT NULL,
	`status` text NOT NULL,
	`execution_status` text NOT NULL,
	`source_status` text DEFAULT 'available' NOT NULL,
	`coverage_complete` integer DEFAULT 0 NOT NULL,
	`registration_count` integer DEFAULT 0 NOT NULL,
	`total_document_count` integer DEFAULT 0 NOT NULL,
	`processed_document_count` integer DEFAULT 0 NOT NULL,
	`failure_code` text,
	`listed` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `queries_account_created` ON `queries` (`account_id`,"created_at" DESC);--> statement-breakpoint
CREATE INDEX `queries_open` ON `queries` (`execution_status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `checks` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`applicant` text NOT NULL,
	`status` text NOT NULL,
	`execution_status` text NOT NULL,
	`source_status` text DEFAULT 'available' NOT NULL,
	`source_query_id` text NOT NULL,
	`coverage_complete` integer DEFAULT 0 NOT NULL,
	`coverage_issues` text DEFAULT '[]' NOT NULL,
	`criterion_counts` text DEFAULT '[]' NOT NULL,
	`unmatched_criterion_ids` text DEFAULT '[]' NOT NULL,
	`candidate_count` integer DEFAULT 0 NOT NULL,
	`pending_review_count` integer DEFAULT 0 NOT NULL,
	`confirmed_risk_count` integer DEFAULT 0 NOT NULL,
	`excluded_count` integer DEFAULT 0 NOT NULL,
	`failure_code` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`processing_completed_at` integer,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `checks_account_created` ON `checks` (`account_id`,"created_at" DESC);--> statement-breakpoint
CREATE INDEX `checks_source_query` ON `checks` (`source_query_id`,`execution_status`);--> statement-breakpoint
CREATE INDEX `checks_open` ON `checks` (`execution_status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `criteria` (
	`id` text PRIMARY KEY NOT NULL,
	`check_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`kind` text NOT NULL,
	`value` text NOT NULL,
	CONSTRAINT "criteria_kind" CHECK("kind" IN ('invoice_no', 'keyword'))
);
--> statement-breakpoint
CREATE INDEX `criteria_check` ON `criteria` (`check_id`,`ordinal`);--> statement-breakpoint
CREATE TABLE `upstream_fixture_files` (
	`certificate_number` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`r2_key` text NOT NULL,
	`sha256` text NOT NULL,
	`size` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`certificate_number`, `file_name`)
);
--> statement-breakpoint
CREATE TABLE `upstream_fixture_subjects` (
	`subject_name` text PRIMARY KEY NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `shard_directory` (
	`account_id` text PRIMARY KEY NOT NULL,
	`shard` integer NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`placed_at` integer NOT NULL,
	CONSTRAINT "shard_directory_state" CHECK("state" IN ('active', 'moving'))
);
--> statement-breakpoint
CREATE INDEX `shard_directory_shard` ON `shard_directory` (`shard`);--> statement-breakpoint
CREATE TABLE `shard_sizes` (
	`shard` integer PRIMARY KEY NOT NULL,
	`bytes` integer NOT NULL,
	`measured_at` integer NOT NULL
);
