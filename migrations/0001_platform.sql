-- Platform: plans, accounts, subscriptions, allowance buckets and ledger, API keys.
-- Timestamps are epoch milliseconds (UTC); the API renders them as ISO 8601 with +08:00.

CREATE TABLE plans (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  query_allowance INTEGER NOT NULL,
  check_allowance INTEGER NOT NULL,
  check_enabled INTEGER NOT NULL,
  api_enabled INTEGER NOT NULL
);

INSERT INTO plans (id, name, query_allowance, check_allowance, check_enabled, api_enabled) VALUES
  ('light', 'Light', 100, 0, 0, 1),
  ('professional', 'Professional', 2000, 1000, 1, 1),
  ('enterprise', 'Enterprise', 20000, 10000, 1, 1);

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  disabled INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  plan_id TEXT NOT NULL REFERENCES plans(id),
  cycle TEXT NOT NULL CHECK (cycle IN ('monthly', 'annual')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX subscriptions_account ON subscriptions (account_id, starts_at);

-- One bucket per plan period (a subscription gets one per month of its term), add-on or gift.
CREATE TABLE allowance_buckets (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  kind TEXT NOT NULL CHECK (kind IN ('query', 'check')),
  source TEXT NOT NULL CHECK (source IN ('plan', 'addon', 'gift')),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  starts_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  subscription_id TEXT REFERENCES subscriptions(id),
  created_at INTEGER NOT NULL
);
CREATE INDEX allowance_buckets_account ON allowance_buckets (account_id, kind, expires_at);

-- Append-only: a reservation is later settled or released, never both (the partial index below).
CREATE TABLE allowance_ledger (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  bucket_id TEXT NOT NULL REFERENCES allowance_buckets(id),
  kind TEXT NOT NULL CHECK (kind IN ('query', 'check')),
  task_id TEXT NOT NULL,
  entry TEXT NOT NULL CHECK (entry IN ('reserve', 'settle', 'release')),
  amount INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX allowance_ledger_reserve ON allowance_ledger (task_id, kind) WHERE entry = 'reserve';
CREATE UNIQUE INDEX allowance_ledger_outcome ON allowance_ledger (task_id, kind) WHERE entry <> 'reserve';
CREATE INDEX allowance_ledger_bucket ON allowance_ledger (bucket_id, entry);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX api_keys_account ON api_keys (account_id);
