/**
 * @module Which user a sign-in's email and password name. An email is unique within an account, so one
 * person may be a user of several: the password decides, tried against each (the oldest
 * SIGN_IN_CANDIDATES of them). The work is the same whoever asks: always SIGN_IN_CANDIDATES PBKDF2
 * derivations (verifyPassword derives against a fixed salt when there is no user), so neither the answer
 * nor its time tells whether, or in how many accounts, the email exists.
 */
import { usersByEmail } from "../../db/console-users";
import type { UserRecord } from "../../db/schema";
import { verifyPassword } from "./password";

/** Accounts whose users of one email a sign-in tries; a person with more accounts signs in to the oldest three. */
export const SIGN_IN_CANDIDATES = 3;

type Candidate = UserRecord & { accountDisabled: boolean };

/**
 * The user the password opens (an active user of an enabled account first, when it opens several), or,
 * when it opens none, the email's oldest user (whose account records the failure) and `passwordOk` false.
 */
export async function userByPassword(db: D1Database, email: string, password: string): Promise<{ user: Candidate | undefined; passwordOk: boolean }> {
  const candidates = await usersByEmail(db, email, SIGN_IN_CANDIDATES);
  const opened = await Promise.all(
    Array.from({ length: SIGN_IN_CANDIDATES }, (_, i) => verifyPassword(password, candidates[i]?.passwordHash ?? null)),
  );
  const matches = candidates.filter((_, i) => opened[i]);
  const usable = matches.find((u) => u.status === "active" && !u.accountDisabled);
  const user = usable ?? matches[0];
  return user ? { user, passwordOk: true } : { user: candidates[0], passwordOk: false };
}
