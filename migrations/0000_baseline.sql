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
CREATE TABLE `documents` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`query_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`kind` text NOT NULL,
	`ordinal` integer NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`page_count` integer,
	`pages` text,
	`r2_key` text NOT NULL,
	`text_key` text,
	`text_status` text NOT NULL,
	`parse_status` text,
	`parsed_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "documents_kind" CHECK("kind" IN ('certificate', 'attachment')),
	CONSTRAINT "documents_text_status" CHECK("text_status" IN ('extracted', 'empty', 'not_text', 'unreadable'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_registration_file` ON `documents` (`registration_id`,`kind`,`ordinal`);--> statement-breakpoint
CREATE INDEX `documents_query` ON `documents` (`query_id`);--> statement-breakpoint
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
CREATE TABLE `registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`query_id` text NOT NULL,
	`account_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`certificate_number` text NOT NULL,
	`register_type` text,
	`register_time` text,
	`expires_at` text,
	`upstream_summary` text DEFAULT '{}' NOT NULL,
	`source_status` text DEFAULT 'available' NOT NULL,
	`processed` integer DEFAULT 0 NOT NULL,
	`parse_status` text DEFAULT 'pending' NOT NULL,
	`data_source` text DEFAULT 'upstream' NOT NULL,
	`coverage_complete` integer DEFAULT 0 NOT NULL,
	`certificate` text,
	`initial_certificate_number` text,
	`business_type_code` text,
	`sub_business_type_code` text,
	`debtor_names` text,
	`secured_party_names` text,
	`property_summary` text,
	`registration_months` integer,
	`search_text` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_query_certificate` ON `registrations` (`query_id`,`certificate_number`);--> statement-breakpoint
CREATE INDEX `registrations_query_ordinal` ON `registrations` (`query_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `registrations_query_processed` ON `registrations` (`query_id`,`processed`);--> statement-breakpoint
CREATE INDEX `registrations_query_initial` ON `registrations` (`query_id`,`initial_certificate_number`);--> statement-breakpoint
CREATE TABLE `check_results` (
	`id` text PRIMARY KEY NOT NULL,
	`check_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`ordinal` integer NOT NULL,
	`match_status` text NOT NULL,
	`result_status` text NOT NULL,
	`strength` text,
	`matched_criterion_ids` text DEFAULT '[]' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`decided_at` integer,
	`system_decision` text,
	`coverage_issues` text DEFAULT '[]' NOT NULL,
	`pending_reason` text,
	`coverage_reason` text,
	`source_available` integer DEFAULT 1 NOT NULL,
	`review_decision` text,
	`review_note` text,
	`reviewed_at` integer,
	CONSTRAINT "check_results_match_status" CHECK("match_status" IN ('matched', 'unmatched', 'pending')),
	CONSTRAINT "check_results_result_status" CHECK("result_status" IN ('pending', 'confirmed', 'excluded', 'unmatched'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_results_registration` ON `check_results` (`check_id`,`registration_id`);--> statement-breakpoint
CREATE INDEX `check_results_order` ON `check_results` (`check_id`,`ordinal`);--> statement-breakpoint
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
CREATE TABLE `evidence` (
	`id` text PRIMARY KEY NOT NULL,
	`check_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`document_id` text,
	`ordinal` integer NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_order` ON `evidence` (`check_id`,`registration_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `evidence_document_page` ON `evidence` (`check_id`,`registration_id`,`document_id`);--> statement-breakpoint
CREATE TABLE `manual_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`check_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`decision` text NOT NULL,
	`note` text NOT NULL,
	`version` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	CONSTRAINT "manual_reviews_decision" CHECK("decision" IN ('confirmed', 'false_positive'))
);
--> statement-breakpoint
CREATE INDEX `manual_reviews_result` ON `manual_reviews` (`check_id`,`registration_id`,`version`);--> statement-breakpoint
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
