/**
 * @module The console's tables in the shared D1 (console-api.md): the people of an account, their
 * invitations, sessions and second factors, the account's sign-in policy, and the audit outbox.
 * Secrets are stored only as hashes (invite and session tokens: SHA-256; passwords: PBKDF2-SHA256).
 */
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { USER_ROLES, USER_STATUSES } from "../../schemas/console-vocabulary";
import { auditEventColumns, ACTOR_TYPES } from "./audit-columns";
import { oneOf } from "./constraints";
import { accounts } from "./platform";

/**
 * One person of one account. The email (lower-cased) is unique across all accounts: sign-in names
 * no account, so an email must lead to exactly one user.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    email: text("email").notNull(),
    name: text("name"),
    role: text("role", { enum: USER_ROLES }).notNull(),
    status: text("status", { enum: USER_STATUSES }).notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null until the invitation is accepted. */
    passwordHash: text("password_hash"),
    /**
     * The base32 TOTP secret (RFC 6238) once enrolled and confirmed, pending while enrolment awaits its
     * first code; both sealed under CONSOLE_SECRET_KEY (worker/console/auth/secret-box.ts), never in the clear.
     */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    /** The last TOTP time step accepted (RFC 6238 §5.2: a code is accepted once): a code of it or an earlier step is refused. */
    totpLastStep: integer("totp_last_step"),
    /**
     * When the user proved the address: they accepted an invitation whose link was sent to it by email
     * (worker/services/invitation-mail.ts). Null: the link went to the inviter, who may have used it.
     */
    emailProvenAt: integer("email_proven_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    check("users_role", oneOf(t.role, USER_ROLES)),
    check("users_status", oneOf(t.status, USER_STATUSES)),
    // Unique within an account (console-api.md: 409 "when the email is taken in that account"): the same
    // person may be a user of two accounts, and no answer tells one account about the other's users.
    uniqueIndex("users_account_email").on(t.accountId, t.email),
    index("users_email").on(t.email),
    index("users_account").on(t.accountId),
  ],
);

/** Single use, 72 hours; only the token's SHA-256 is kept. */
export const invites = sqliteTable(
  "invites",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    /** The address the link was emailed to; null when it was handed to the inviter instead. */
    emailedTo: text("emailed_to"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("invites_user").on(t.userId)],
);

/** Only the cookie value's SHA-256 is kept. Idle and absolute expiry are checked on every request. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user").on(t.userId, t.revokedAt)],
);

/** An account's sign-in policy, set by an owner: whether every user must have a second factor. */
export const accountSecurity = sqliteTable("account_security", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id),
  requireTotp: integer("require_totp", { mode: "boolean" })
    .notNull()
    .default(sql`0`),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Audit events of changes to shared-D1 rows (keys, users, sessions, tasks), written in the change's own
 * batch and moved to the account's shard (audit_events) by deliverAuditOutbox: insert-or-ignore by event
 * id there, then deleted here, so a crash between the two moves nothing twice.
 */
export const auditOutbox = sqliteTable("audit_outbox", auditEventColumns(), (t) => [
  check("audit_outbox_actor", oneOf(t.actorType, ACTOR_TYPES)),
  index("audit_outbox_account").on(t.accountId, t.at),
]);

export type UserRecord = typeof users.$inferSelect;
export type NewUserRecord = typeof users.$inferInsert;
export type InviteRecord = typeof invites.$inferSelect;
export type SessionRecord = typeof sessions.$inferSelect;
export type AuditOutboxRecord = typeof auditOutbox.$inferSelect;
