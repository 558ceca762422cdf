-- Registry queries: one row per (de-duplicated) subject; registrations listed by the upstream;
-- documents obtained for them (metadata; bytes and page texts live in R2).

CREATE TABLE queries (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  subject_name TEXT NOT NULL,
  status TEXT NOT NULL,
  execution_status TEXT NOT NULL,
  source_status TEXT NOT NULL DEFAULT 'available',
  coverage_complete INTEGER NOT NULL DEFAULT 0,
  registration_count INTEGER NOT NULL DEFAULT 0,
  total_document_count INTEGER NOT NULL DEFAULT 0,
  processed_document_count INTEGER NOT NULL DEFAULT 0,
  failure_code TEXT,
  listed INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  completed_at INTEGER
);
CREATE INDEX queries_account_created ON queries (account_id, created_at DESC);
CREATE INDEX queries_open ON queries (execution_status, updated_at);

CREATE TABLE registrations (
  id TEXT PRIMARY KEY,
  query_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  ordinal INTEGER NOT NULL,
  certificate_number TEXT NOT NULL,
  register_type TEXT,
  register_time TEXT,
  expires_at TEXT,
  upstream_summary TEXT NOT NULL DEFAULT '{}',
  source_status TEXT NOT NULL DEFAULT 'available',
  processed INTEGER NOT NULL DEFAULT 0,
  parse_status TEXT NOT NULL DEFAULT 'pending',
  data_source TEXT NOT NULL DEFAULT 'upstream',
  coverage_complete INTEGER NOT NULL DEFAULT 0,
  certificate TEXT,
  initial_certificate_number TEXT,
  business_type_code TEXT,
  sub_business_type_code TEXT,
  debtor_names TEXT,
  secured_party_names TEXT,
  property_summary TEXT,
  registration_months INTEGER,
  search_text TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX registrations_query_certificate ON registrations (query_id, certificate_number);
CREATE INDEX registrations_query_ordinal ON registrations (query_id, ordinal);
CREATE INDEX registrations_query_processed ON registrations (query_id, processed);
CREATE INDEX registrations_query_initial ON registrations (query_id, initial_certificate_number);

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  query_id TEXT NOT NULL,
  registration_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('certificate', 'attachment')),
  ordinal INTEGER NOT NULL,
  file_name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  page_count INTEGER,
  -- JSON [{width, height, rotation}] per page, for evidence locations
  pages TEXT,
  r2_key TEXT NOT NULL,
  text_key TEXT,
  text_status TEXT NOT NULL CHECK (text_status IN ('extracted', 'empty', 'not_text', 'unreadable')),
  parse_status TEXT,
  parsed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX documents_registration_file ON documents (registration_id, kind, ordinal);
CREATE INDEX documents_query ON documents (query_id);
