-- Duplicate checks: criteria, per-registration results, evidence, and manual reviews (kept apart
-- from the system's decision).

CREATE TABLE checks (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  applicant TEXT NOT NULL,
  status TEXT NOT NULL,
  execution_status TEXT NOT NULL,
  source_status TEXT NOT NULL DEFAULT 'available',
  source_query_id TEXT NOT NULL,
  coverage_complete INTEGER NOT NULL DEFAULT 0,
  coverage_issues TEXT NOT NULL DEFAULT '[]',
  criterion_counts TEXT NOT NULL DEFAULT '[]',
  unmatched_criterion_ids TEXT NOT NULL DEFAULT '[]',
  candidate_count INTEGER NOT NULL DEFAULT 0,
  pending_review_count INTEGER NOT NULL DEFAULT 0,
  confirmed_risk_count INTEGER NOT NULL DEFAULT 0,
  excluded_count INTEGER NOT NULL DEFAULT 0,
  failure_code TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  processing_completed_at INTEGER,
  completed_at INTEGER
);
CREATE INDEX checks_account_created ON checks (account_id, created_at DESC);
CREATE INDEX checks_source_query ON checks (source_query_id, execution_status);
CREATE INDEX checks_open ON checks (execution_status, updated_at);

CREATE TABLE criteria (
  id TEXT PRIMARY KEY,
  check_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('invoice_no', 'keyword')),
  value TEXT NOT NULL
);
CREATE INDEX criteria_check ON criteria (check_id, ordinal);

CREATE TABLE check_results (
  id TEXT PRIMARY KEY,
  check_id TEXT NOT NULL,
  registration_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  match_status TEXT NOT NULL CHECK (match_status IN ('matched', 'unmatched', 'pending')),
  result_status TEXT NOT NULL CHECK (result_status IN ('pending', 'confirmed', 'excluded', 'unmatched')),
  strength TEXT,
  matched_criterion_ids TEXT NOT NULL DEFAULT '[]',
  version INTEGER NOT NULL DEFAULT 1,
  decided_at INTEGER,
  system_decision TEXT,
  coverage_issues TEXT NOT NULL DEFAULT '[]',
  pending_reason TEXT,
  coverage_reason TEXT,
  source_available INTEGER NOT NULL DEFAULT 1,
  review_decision TEXT,
  review_note TEXT,
  reviewed_at INTEGER
);
CREATE UNIQUE INDEX check_results_registration ON check_results (check_id, registration_id);
CREATE INDEX check_results_order ON check_results (check_id, ordinal);

CREATE TABLE evidence (
  id TEXT PRIMARY KEY,
  check_id TEXT NOT NULL,
  registration_id TEXT NOT NULL,
  criterion_id TEXT NOT NULL,
  document_id TEXT,
  ordinal INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE UNIQUE INDEX evidence_order ON evidence (check_id, registration_id, ordinal);
CREATE INDEX evidence_document_page ON evidence (check_id, registration_id, document_id);

CREATE TABLE manual_reviews (
  id TEXT PRIMARY KEY,
  check_id TEXT NOT NULL,
  registration_id TEXT NOT NULL,
  decision TEXT NOT NULL CHECK (decision IN ('confirmed', 'false_positive')),
  note TEXT NOT NULL,
  version INTEGER NOT NULL,
  reviewed_at INTEGER NOT NULL
);
CREATE INDEX manual_reviews_result ON manual_reviews (check_id, registration_id, version);

-- Sandbox upstream fixtures loaded through the management API (bytes in R2 under fixtures/).
CREATE TABLE upstream_fixture_subjects (
  subject_name TEXT PRIMARY KEY,
  body TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE upstream_fixture_files (
  certificate_number TEXT NOT NULL,
  file_name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  r2_key TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  size INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (certificate_number, file_name)
);
