-- Custom migration (drizzle-kit generate --custom): the plans every subscription names. Rows, not
-- schema, so drizzle-kit cannot generate them; plans are never written by the API.
INSERT INTO plans (id, name, query_allowance, check_allowance, check_enabled, api_enabled) VALUES
  ('light', 'Light', 100, 0, 0, 1),
  ('professional', 'Professional', 2000, 1000, 1, 1),
  ('enterprise', 'Enterprise', 20000, 10000, 1, 1);
