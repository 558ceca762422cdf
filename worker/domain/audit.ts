/**
 * @module The audit trail's vocabulary (console-api.md, Audit trail): event kinds, actors, and the
 * event as it is recorded. Pure: the request's facts come in as arguments.
 */
import { newId } from "../lib/ids";

export const AUDIT_KINDS = [
  "session.created",
  "session.failed",
  "session.ended",
  "user.invited",
  "user.activated",
  "user.updated",
  "user.totp_enrolled",
  "account.security_changed",
  "key.created",
  "key.revoked",
  "query.created",
  "check.created",
  "review.written",
  "document.downloaded",
  "subscription.changed",
  "allowance.granted",
  "account.updated",
  "operator.redrive",
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

export interface AuditActor {
  type: "user" | "api_key" | "operator";
  id: string;
  /** What a person reading the trail recognises: the user's email, the key's display prefix, "operator". */
  label: string;
}

/** The operator (management API): one actor, the bearer of ADMIN_TOKEN. */
export const OPERATOR: AuditActor = { type: "operator", id: "operator", label: "operator" };

/** Where a request came from, as the edge saw it. */
export interface RequestOrigin {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditEvent extends RequestOrigin {
  id: string;
  accountId: string;
  at: number;
  kind: AuditKind;
  actor: AuditActor;
  target?: { type: string; id: string };
  /** Never a password, key, token or TOTP code. */
  detail?: Record<string, unknown>;
}

export interface AuditEventInput {
  accountId: string;
  kind: AuditKind;
  actor: AuditActor;
  target?: { type: string; id: string };
  detail?: Record<string, unknown>;
}

/** User agents are kept to this length: enough to tell browsers and clients apart, no room for payloads. */
const USER_AGENT_MAX = 256;

export function newAuditEvent(input: AuditEventInput, origin: RequestOrigin, at: number): AuditEvent {
  return {
    id: newId("aud"),
    at,
    ...input,
    requestId: origin.requestId,
    ip: origin.ip,
    userAgent: origin.userAgent === null ? null : origin.userAgent.slice(0, USER_AGENT_MAX),
  };
}
