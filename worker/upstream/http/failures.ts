/**
 * @module From a gateway's non-2xx answer to an UpstreamFailure. The error body's code decides; the
 * HTTP status decides only when the body is not the contract's (a proxy's HTML page, an empty 503),
 * and for 404 and 410, which are permanent whatever the body says (RFC 9110 §15.5.5, §15.5.11): a
 * file that is not found or gone is not there on the next try either, and retrying it would keep its
 * query running until the bound on passing faults ran out.
 */
import type { UpstreamFailure } from "../types";
import { GatewayErrorSchema } from "./contract";

/** When a busy answer names no wait. */
export const DEFAULT_BUSY_SECONDS = 2;
/** An error body bigger than this is not the contract's: it is not read. */
const MAX_ERROR_BODY = 16 * 1024;

export function fail(kind: UpstreamFailure["kind"], retryAfterSeconds?: number): UpstreamFailure {
  return retryAfterSeconds === undefined ? { ok: false, kind } : { ok: false, kind, retryAfterSeconds };
}

/** Retry-After as delta-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a status alone means, for answers without a contract error body. */
export function failureOfStatus(status: number, retryAfter: number | undefined): UpstreamFailure {
  if (status === 404 || status === 410) return fail("missing");
  if (status === 429) return fail("busy", retryAfter ?? DEFAULT_BUSY_SECONDS);
  // 503 with Retry-After is the usual "come back later" of an overloaded server (RFC 9110 §15.6.4).
  if (status === 503) return retryAfter === undefined ? fail("transient") : fail("busy", retryAfter);
  if (status === 451) return fail("quarantined");
  if (status === 422) return fail("unavailable");
  // A refused token is a deployment fault the operator fixes: retrying (and logging) beats failing queries.
  if (status === 401 || status === 403 || status === 408 || status === 425 || status >= 500) return fail("transient", retryAfter);
  return fail("unavailable");
}

/** Reads (at most 16 KiB of) the error body and maps it; the body is always consumed or cancelled. */
export async function failureOfResponse(response: Response, now: number = Date.now()): Promise<UpstreamFailure> {
  const retryAfter = parseRetryAfter(response.headers.get("Retry-After"), now);
  if (response.status === 404 || response.status === 410) {
    await response.body?.cancel().catch(() => undefined);
    return fail("missing");
  }
  const code = await errorCode(response);
  switch (code?.code) {
    case "NOT_FOUND":
      return fail("missing");
    case "SOURCE_UNAVAILABLE":
      return fail("unavailable");
    case "SOURCE_QUARANTINED":
      return fail("quarantined");
    case "BUSY":
      return fail("busy", code.retryAfterSeconds ?? retryAfter ?? DEFAULT_BUSY_SECONDS);
    case "TRANSIENT":
    case "UNAUTHORIZED":
      return fail("transient", code.retryAfterSeconds ?? retryAfter);
    default:
      return failureOfStatus(response.status, retryAfter);
  }
}

async function errorCode(response: Response): Promise<{ code: string; retryAfterSeconds?: number } | null> {
  const type = response.headers.get("Content-Type") ?? "";
  const length = Number(response.headers.get("Content-Length") ?? "0");
  if (!/json/i.test(type) || length > MAX_ERROR_BODY) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  try {
    const parsed = GatewayErrorSchema.safeParse(JSON.parse(await response.text()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
