/**
 * An account for the review screen's browser test, made as the operator and a client would make it:
 * a professional subscription and an API key (management API), a check with several candidates
 * awaiting review (open API), and console users invited and activated (management API, then the
 * console's invitation acceptance).
 *
 * The subject's ten registrations and their attachments are all text PDFs (no scan that only OCR
 * reads), so the check's coverage is complete and reviewing every candidate completes it (a check
 * whose coverage is incomplete ends partial); six of them print invoice numbers in their description.
 */
import type { DevServer } from "../../scripts/lib/dev-server.mjs";
import { sandboxRegistry } from "../../worker/upstream/sandbox";
import { untilTerminal } from "./viewer.fixture";

export const REVIEW_SUBJECT = "天津示例物流有限公司";
export const PASSWORD = "correct horse battery staple";

export interface ReviewAccount {
  accountId: string;
  key: string;
}

async function created<T>(server: DevServer, path: string, json: unknown): Promise<T> {
  const res = await server.call<T>(`/api/admin/v1${path}`, { method: "POST", json, admin: true });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
  return res.body;
}

export async function reviewAccount(server: DevServer, name: string): Promise<ReviewAccount> {
  const account = await created<{ id: string }>(server, "/accounts", { name });
  await created(server, `/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
  const { key } = await created<{ key: string }>(server, `/accounts/${account.id}/keys`, { name: "review test" });
  return { accountId: account.id, key };
}

/** A console user of the account with the role, invited by the operator and activated with PASSWORD. */
export async function activeUser(server: DevServer, accountId: string, role: "analyst" | "viewer"): Promise<string> {
  const email = `${role}.${crypto.randomUUID().slice(0, 8)}@bank.example`;
  const invited = await created<{ inviteUrl: string }>(server, `/accounts/${accountId}/users`, { email, role });
  const token = new URL(invited.inviteUrl).hash.slice(1);
  const accepted = await server.call(`/api/console/v1/invites/${token}`, { method: "POST", json: { password: PASSWORD } });
  if (accepted.status !== 200) throw new Error(`invite acceptance: ${accepted.status}`);
  return email;
}

/** An invoice number printed in the property description of each of the subject's first `count` registrations that print one. */
function invoicesOfSeveralRegistrations(count: number): string[] {
  const numbers: string[] = [];
  for (const registration of sandboxRegistry.listing(REVIEW_SUBJECT)) {
    const printed = sandboxRegistry.invoiceNumbersOf(REVIEW_SUBJECT, registration.certificateNumber, "description");
    const fresh = printed.find((n) => !numbers.includes(n));
    if (fresh) numbers.push(fresh);
    if (numbers.length === count) break;
  }
  return numbers;
}

/** A finished check of the subject with `candidates` matched registrations awaiting review (fewer when the subject has fewer). */
export async function checkAwaitingReview(server: DevServer, key: string, candidates: number): Promise<{ checkId: string; unmatched: string[] }> {
  const criteria = invoicesOfSeveralRegistrations(candidates).map((value) => ({ kind: "invoice_no", value }));
  const check = await server.call<{ id: string }>("/api/open/v1/checks", { method: "POST", key, json: { applicant: REVIEW_SUBJECT, criteria } });
  if (check.status !== 202) throw new Error(`POST /checks: ${check.status}`);
  await untilTerminal(server, key, `/checks/${check.body.id}`);
  const unmatched = await server.call<{ items: Array<{ registration: { id: string } }> }>(
    `/api/open/v1/checks/${check.body.id}/results?matchStatus=unmatched`,
    { key },
  );
  return { checkId: check.body.id, unmatched: unmatched.body.items.map((r) => r.registration.id) };
}
