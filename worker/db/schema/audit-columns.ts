/**
 * @module The columns of an audit event (console-api.md, Audit trail), one description for the two
 * tables that hold events: the shard's append-only audit_events and the shared D1's audit_outbox (an
 * event written in the batch of a change to a shared-D1 row, waiting to be moved to the account's shard).
 */
import { integer, text } from "drizzle-orm/sqlite-core";

export const ACTOR_TYPES = ["user", "api_key", "operator"] as const;

export function auditEventColumns() {
  return {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    at: integer("at").notNull(),
    kind: text("kind").notNull(),
    actorType: text("actor_type", { enum: ACTOR_TYPES }).notNull(),
    actorId: text("actor_id").notNull(),
    actorLabel: text("actor_label").notNull(),
    requestId: text("request_id").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** JSON object; never a password, a key or a token. */
    detail: text("detail"),
  };
}
