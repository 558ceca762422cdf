/**
 * @module Console session lifetimes and the role table (console-api.md): 30 minutes idle, 12 hours in
 * all; owner does everything, analyst keys, reads and reviews, viewer reads only. Only the console
 * has sessions and roles, so the policy lives in its wing.
 */
import type { UserRole } from "../../schemas/console-vocabulary";

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3600_000;
/** The idle clock is written at most this often (one D1 write a minute, not one per request). */
export const SESSION_TOUCH_MS = 60_000;

export function sessionLive(s: { createdAt: number; lastSeenAt: number; expiresAt: number; revokedAt: number | null }, now: number): boolean {
  return s.revokedAt === null && now < s.expiresAt && now - s.lastSeenAt < SESSION_IDLE_MS && now - s.createdAt < SESSION_MAX_MS;
}

/** Who may change keys and write reviews. */
export const KEY_AND_REVIEW_ROLES: readonly UserRole[] = ["owner", "analyst"];
/** Who manages users, the account's policy and reads the audit trail. */
export const OWNER_ONLY: readonly UserRole[] = ["owner"];
