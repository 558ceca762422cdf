/**
 * A real local server for the viewer's browser test: wrangler dev on the sandbox upstream, an account
 * made through the management API (as scripts/start.mjs makes the demo account), the README's demo
 * subject queried and checked for an invoice number and a keyword that the sandbox prints there.
 */
import { startDevServer, type DevServer } from "../../scripts/lib/dev-server.mjs";

/** The README's demo subject: invoice 11050292 is in a certificate's property description, 应收账款 in attached invoice lists. */
export const DEMO_SUBJECT = "上海示例供应链管理有限公司";
export const DEMO_CRITERIA = [
  { kind: "invoice_no", value: "11050292" },
  { kind: "keyword", value: "应收账款" },
];
const TERMINAL = new Set(["succeeded", "partial", "failed", "cancelled"]);

export interface Evidence {
  id: string;
  termValue: string;
  snippet: string;
  documentId?: string;
  pageNumber?: number;
}
export interface Locations {
  width: number | null;
  height: number | null;
  locations: Array<{ evidenceId: string; precision: string; quads: number[][] }>;
}

/** The server's port: this engineer's range on the shared machine, or VIEWER_TEST_PORT. */
const PORT = Number(process.env.VIEWER_TEST_PORT ?? 18800);

/** `ocrUrl`: the OCR service the server reads scans with; without it OCR_URL is empty and scans stay coverage issues as documented. */
export async function startViewerServer(ocrUrl = ""): Promise<DevServer> {
  // VIEWER_TEST_SOURCE=HEAD serves the last commit when the working tree is mid-edit.
  const source = process.env.VIEWER_TEST_SOURCE === "HEAD" ? "HEAD" : "worktree";
  return startDevServer({ name: "viewer", port: PORT, source, vars: { SANDBOX_SLOW_MS: "0", OCR_URL: ocrUrl } });
}

export async function newKey(server: DevServer, name: string): Promise<string> {
  const created = async <T>(path: string, json: unknown) => {
    const res = await server.call<T>(`/api/admin/v1${path}`, { method: "POST", json, admin: true });
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status}`);
    return res.body;
  };
  const account = await created<{ id: string }>("/accounts", { name });
  await created(`/accounts/${account.id}/subscriptions`, { planId: "professional", cycle: "annual" });
  return (await created<{ key: string }>(`/accounts/${account.id}/keys`, { name: "viewer test" })).key;
}

export async function untilTerminal(server: DevServer, key: string, path: string): Promise<{ executionStatus: string }> {
  // Once a second: polls count in the account's 120 requests a minute like any read.
  for (let i = 0; i < 120; i++) {
    const res = await server.call<{ executionStatus: string }>(`/api/open/v1${path}`, { key });
    if (res.status === 200 && TERMINAL.has(res.body.executionStatus)) return res.body;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${path} did not finish`);
}

/** Queries the demo subject, checks it, and returns the check with its matched results in the list's order (the viewer steps through them in that order). */
export async function demoCheck(server: DevServer, key: string): Promise<{ checkId: string; matched: string[] }> {
  const query = await server.call<{ queries: Array<{ id: string }> }>("/api/open/v1/queries", {
    method: "POST",
    key,
    json: { subjectNames: [DEMO_SUBJECT] },
  });
  const queryId = query.body.queries[0]!.id;
  await untilTerminal(server, key, `/queries/${queryId}`);
  const check = await server.call<{ id: string }>("/api/open/v1/checks", {
    method: "POST",
    key,
    json: { applicant: DEMO_SUBJECT, criteria: DEMO_CRITERIA, sourceRegistryQueryId: queryId },
  });
  await untilTerminal(server, key, `/checks/${check.body.id}`);
  const results = await server.call<{ items: Array<{ registration: { id: string } }> }>(
    `/api/open/v1/checks/${check.body.id}/results?matchStatus=matched`,
    { key },
  );
  return { checkId: check.body.id, matched: results.body.items.map((r) => r.registration.id) };
}

export async function evidenceOf(server: DevServer, key: string, checkId: string, registrationId: string): Promise<Evidence[]> {
  const res = await server.call<{ check: { evidence: Evidence[] } | null }>(`/api/open/v1/checks/${checkId}/results/${registrationId}`, { key });
  return res.body.check?.evidence ?? [];
}

export async function locationsOf(server: DevServer, key: string, checkId: string, registrationId: string, ev: Evidence): Promise<Locations> {
  const path = `/api/open/v1/checks/${checkId}/results/${registrationId}/evidence-locations?documentId=${ev.documentId}&pageNumber=${ev.pageNumber}`;
  return (await server.call<Locations>(path, { key })).body;
}
