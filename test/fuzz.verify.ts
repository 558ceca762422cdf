/**
 * @module The invariants every fuzzed answer keeps, whatever was sent: never a 5xx; an X-Request-Id
 * on every response; every error is exactly {code, message, requestId[, details: {fields}]} with the
 * code's own status and requestId equal to X-Request-Id; no marker (a value we generated) comes back
 * in the body or any header; and, where the generator knows, the status is one it allows.
 * Pure, like fuzz.strings.ts: the tests and bench/fuzz.mjs share it.
 */
import { ERROR_STATUS, FIELD_CODES } from "../worker/errors";

export type Auth =
  /** An account with a key and no subscription: it reads, and every creation is refused (402) after validation. */
  | { kind: "pool" }
  /** The account that owns `owner`'s query, check and documents. */
  | { kind: "owner"; owner: number }
  /** The management API's bearer token. */
  | { kind: "admin" }
  /** Whatever credentials the case's own headers carry (none, malformed, someone else's kind of secret). */
  | { kind: "raw" };

export interface FuzzCase {
  label: string;
  method: string;
  /** Path and query string, encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Send the body as a stream of unknown length (no Content-Length). */
  chunked?: boolean;
  auth: Auth;
  markers: string[];
  /** Statuses the answer must have; absent when only the global invariants apply. */
  expect?: readonly number[];
  /** Validates a 2xx JSON body (the route's own response schema). */
  schema?: { safeParse(value: unknown): { success: boolean } };
  /** A 2xx body may repeat submitted values (created accounts, fixture names, key names). */
  echoes?: boolean;
  /** A download: checked against the stored file's bytes. */
  file?: Uint8Array;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

const FIELD_CODE_SET = new Set<string>(FIELD_CODES);
const decoder = new TextDecoder();

/** @returns what is wrong with the answer (empty when nothing is). */
export function violations(c: FuzzCase, a: Answer): string[] {
  const out: string[] = [];
  const text = decoder.decode(a.body);
  if (a.status >= 500) out.push(`status ${a.status}`);
  const requestId = a.headers.get("X-Request-Id");
  if (!requestId) out.push("no X-Request-Id");
  if (c.expect && !c.expect.includes(a.status)) out.push(`status ${a.status}, expected ${c.expect.join("|")}`);
  // A HEAD answer has the GET answer's headers and no body to judge.
  if (a.status >= 400 && c.method !== "HEAD") out.push(...envelopeViolations(text, a, requestId));
  else if (a.status >= 200 && a.status < 300 && c.method !== "HEAD") out.push(...successViolations(c, a, text));
  if (!(c.echoes && a.status < 300)) {
    const lowerText = text.toLowerCase();
    const lowerHeaders = [...a.headers]
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n")
      .toLowerCase();
    for (const m of c.markers) {
      if (lowerText.includes(m.toLowerCase())) out.push(`body echoes marker ${m}`);
      if (lowerHeaders.includes(m.toLowerCase())) out.push(`headers echo marker ${m}`);
    }
  }
  return out;
}

function envelopeViolations(text: string, a: Answer, requestId: string | null): string[] {
  const out: string[] = [];
  if (!/^application\/json/.test(a.headers.get("Content-Type") ?? "")) out.push(`error Content-Type ${a.headers.get("Content-Type")}`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [...out, "error body is not JSON"];
  }
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "code,message,requestId" && keys !== "code,details,message,requestId") out.push(`error keys ${keys}`);
  const code = body.code as keyof typeof ERROR_STATUS;
  if (typeof code !== "string" || ERROR_STATUS[code] !== a.status) out.push(`code ${String(code)} with status ${a.status}`);
  if (typeof body.message !== "string" || body.message.length === 0) out.push("no message");
  if (body.requestId !== requestId) out.push("requestId differs from X-Request-Id");
  if (body.details !== undefined) {
    const details = body.details as { fields?: unknown };
    const fields = Array.isArray(details.fields) ? (details.fields as Array<Record<string, unknown>>) : null;
    if (!fields || Object.keys(details).join(",") !== "fields" || fields.length === 0) out.push("details is not {fields: [...]}");
    for (const f of fields ?? []) {
      if (Object.keys(f).sort().join(",") !== "code,message,path") out.push(`field keys ${Object.keys(f).join(",")}`);
      if (!FIELD_CODE_SET.has(String(f.code))) out.push(`field code ${String(f.code)}`);
      if (typeof f.path !== "string" || typeof f.message !== "string" || f.message === "") out.push("field path/message");
    }
  }
  if (a.status === 429 && !/^\d+$/.test(a.headers.get("Retry-After") ?? "")) out.push("429 without Retry-After");
  return out;
}

function successViolations(c: FuzzCase, a: Answer, text: string): string[] {
  const out: string[] = [];
  if (c.file) {
    const size = c.file.byteLength;
    if (a.status === 200 && !equalBytes(a.body, c.file)) out.push("200 download differs from the file");
    if (a.status === 206) {
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(a.headers.get("Content-Range") ?? "");
      if (!m || Number(m[3]) !== size) out.push(`Content-Range ${a.headers.get("Content-Range")}`);
      else if (!equalBytes(a.body, c.file.subarray(Number(m[1]), Number(m[2]) + 1))) out.push("206 bytes differ from the range");
    }
    if (Number(a.headers.get("Content-Length")) !== a.body.byteLength) out.push("Content-Length differs from the bytes");
    return out;
  }
  if (c.schema && a.status !== 204) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return ["2xx body is not JSON"];
    }
    if (!c.schema.safeParse(parsed).success) out.push("2xx body does not match the response schema");
  }
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** How the case counts in the account's rolling minute (worker/routes/open.ts: isSelfAdmitting, countRefusedCreation). */
export function rateClass(c: FuzzCase): "create" | "other" | "none" {
  if (c.auth.kind !== "pool" && c.auth.kind !== "owner") return "none";
  const path = new URL(c.path, "http://x").pathname;
  if (!path.startsWith("/api/open/v1/") || /^\/api\/open\/v1\/(openapi\.json|docs(\/.*)?)$/.test(path)) return "none";
  return c.method === "POST" && /\/(queries|checks)$/.test(path) ? "create" : "other";
}

/** Summary of a run: statuses and the share of requests that got past authentication and the rate limiter. */
export function tally(answers: ReadonlyArray<{ c: FuzzCase; status: number }>) {
  const byStatus: Record<number, number> = {};
  let reachedValidation = 0;
  for (const { c, status } of answers) {
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (status !== 401 && status !== 429 && c.auth.kind !== "raw") reachedValidation++;
  }
  return { total: answers.length, byStatus, reachedValidation };
}
