-- The audit trail is append-only (console-api.md, Audit trail): the database refuses an UPDATE or a
-- DELETE of an event whatever code sends it. Custom SQL: drizzle's schema has no triggers.
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
BEGIN
  SELECT RAISE(ABORT, 'audit_events is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_events_no_delete` BEFORE DELETE ON `audit_events`
BEGIN
  SELECT RAISE(ABORT, 'audit_events is append-only');
END;
