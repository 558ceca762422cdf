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
CREATE INDEX `registrations_query_initial` ON `registrations` (`query_id`,`initial_certificate_number`);