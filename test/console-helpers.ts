/** @module Console test helpers: users invited by the operator, signed in through the console's JSON. */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { admin, adminJson, call } from "./helpers";

export const CONSOLE = "/api/console/v1";
export const PASSWORD = "correct horse battery staple";

export interface ConsoleSession {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
}

let counter = 0;
export function uniqueEmail(label = "user"): string {
  return `${label}.${Date.now()}.${++counter}.${Math.random().toString(36).slice(2, 8)}@bank.example`;
}

/** The invitation token from an inviteUrl (`…/console/invite#token`). */
export function inviteToken(inviteUrl: string): string {
  return new URL(inviteUrl).hash.slice(1);
}

export async function invitedUser(accountId: string, role: "owner" | "analyst" | "viewer", email = uniqueEmail(role)) {
  return adminJson<{ id: string; email: string; inviteUrl: string; status: string }>(`/accounts/${accountId}/users`, {
    method: "POST",
    json: { email, role },
  });
}

/** POST /session; the cookie as the browser would send it back. */
export async function signIn(email: string, password = PASSWORD, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await call(`${CONSOLE}/session`, { method: "POST", json: { email, password, ...extra }, headers });
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const cookie = setCookie.split(";")[0] ?? "";
  return { res, cookie, setCookie };
}

/** A user of the account with the role, invited, activated and signed in. */
export async function consoleUser(accountId: string, role: "owner" | "analyst" | "viewer"): Promise<ConsoleSession> {
  const invited = await invitedUser(accountId, role);
  const accepted = await call(`${CONSOLE}/invites/${inviteToken(invited.inviteUrl)}`, { method: "POST", json: { password: PASSWORD } });
  if (accepted.status !== 200) throw new Error(`invite → ${accepted.status} ${await accepted.text()}`);
  const { res, cookie } = await signIn(invited.email);
  if (res.status !== 200) throw new Error(`sign-in → ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { userId: invited.id, email: invited.email, cookie, csrf: csrfToken };
}

/** A console request with the session's cookie, and its CSRF token unless `csrf: false` or another is given. */
export async function consoleCall(s: ConsoleSession, path: string, init: RequestInit & { json?: unknown; csrf?: boolean } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Cookie", s.cookie);
  if (init.csrf !== false && !headers.has("X-CSRF-Token")) headers.set("X-CSRF-Token", s.csrf);
  return call(`${CONSOLE}${path}`, { ...init, headers });
}

export { admin };

/** The TOTP code of `secret` (base32) for the time step `offset` steps from now (RFC 6238: 30 s, 6 digits). */
export function totpCode(secret: string, offset = 0, now = Date.now()): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(now / 30_000) + offset), 6);
}

/** Waits until the current TOTP step has at least `ms` left, so that codes computed now stay in their window. */
export async function awayFromStepEdge(ms = 3000): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}
