/** @module The console's value sets (console-api.md, Users and roles), once: the tables' CHECKs and the API's enums. */
export const USER_ROLES = ["owner", "analyst", "viewer"] as const;
export const USER_STATUSES = ["invited", "active", "disabled"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The audit trail's event kinds (console-api.md, Audit trail: at least these). */
export const AUDIT_KINDS = [
  "session.created",
  "session.failed",
  "session.ended",
  "user.invited",
  "user.activated",
  "user.updated",
  "user.totp_enrolled",
  "user.totp_removed",
  "user.password_changed",
  "user.step_up_failed",
  "account.security_changed",
  "key.created",
  "key.revoked",
  "query.created",
  "check.created",
  "check.exported",
  "review.written",
  "document.downloaded",
  "subscription.changed",
  "allowance.granted",
  "account.updated",
  "operator.redrive",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
