/**
 * @module A small client of the OCR service (docs/ocr.md: POST /v1/ocr, GET /healthz), over either
 * transport (worker/ocr/transport.ts: a URL, or the Worker's own container). It never throws: every
 * outcome is data. A call that times out, cannot connect, or gets 429/5xx is `transient` (the pipeline
 * step retries with its backoff); a 503 with Retry-After is `busy`: the service holds the reading (queued
 * or running) and says when to come back, which is a wait, not a failure; a 4xx or an answer that is not the contract's shape is `permanent`
 * (the document gets a coverage issue: asking again would get the same answer). A container that is
 * starting (the first call after it scaled to zero) answers 5xx or not in time: transient, a wait.
 */
import { OcrErrorSchema, OcrResultSchema, type OcrResult } from "./schema";
import { ocrTransport, type OcrConfig } from "./transport";

export type { OcrConfig } from "./transport";

export type OcrOutcome =
  | { ok: true; result: OcrResult }
  | { ok: false; kind: "not_configured" }
  | { ok: false; kind: "transient" | "permanent"; reason: string }
  /** The service has the page queued or under way and expects it done in about `retryAfterSeconds`. */
  | { ok: false; kind: "busy"; retryAfterSeconds: number };

/** One page of a scan reads in about a second on a small CPU; past this, the service is stuck or overloaded. */
export const OCR_CALL_TIMEOUT_MS = 30_000;
/**
 * How long the service is asked to hold a call for a page not read yet (`Prefer: wait`), before it
 * answers busy with its estimate: well inside OCR_CALL_TIMEOUT_MS, so that a page queued behind many
 * others comes back as a wait with a time, not as a timeout.
 */
export const OCR_PREFERRED_WAIT_S = 10;
const HEALTH_TIMEOUT_MS = 3_000;

/**
 * Reads the text of an image, or of one page (from 1) of a PDF. `spreadKey` names the file (its SHA-256):
 * with several container instances, the same file and page always go to the same one.
 */
export async function recognise(
  config: OcrConfig | null,
  bytes: Uint8Array,
  options: { page?: number; contentType?: string; spreadKey?: string } = {},
): Promise<OcrOutcome> {
  if (!config) return { ok: false, kind: "not_configured" };
  const path = options.page === undefined ? "/v1/ocr" : `/v1/ocr?page=${options.page}`;
  let response: Response;
  try {
    response = await ocrTransport(config).send(
      path,
      {
        method: "POST",
        headers: { "Content-Type": options.contentType ?? "application/octet-stream", Prefer: `wait=${OCR_PREFERRED_WAIT_S}` },
        body: bytes,
        signal: AbortSignal.timeout(config.timeoutMs ?? OCR_CALL_TIMEOUT_MS),
      },
      options.spreadKey === undefined ? undefined : `${options.spreadKey}:${options.page ?? 1}`,
    );
  } catch (error) {
    return { ok: false, kind: "transient", reason: error instanceof Error && error.name === "TimeoutError" ? "timeout" : "unreachable" };
  }
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  if (response.status === 503 && retryAfter !== null) return { ok: false, kind: "busy", retryAfterSeconds: retryAfter };
  if (response.status === 429 || response.status >= 500) return { ok: false, kind: "transient", reason: `status ${response.status}` };
  if (!response.ok) {
    const error = OcrErrorSchema.safeParse(body);
    return { ok: false, kind: "permanent", reason: error.success ? error.data.error.code : `status ${response.status}` };
  }
  const parsed = OcrResultSchema.safeParse(body);
  return parsed.success ? { ok: true, result: parsed.data } : { ok: false, kind: "permanent", reason: "malformed answer" };
}

/** A Retry-After in seconds (the service sends whole seconds; a date form is not expected from it), or null. */
function retryAfterSeconds(header: string | null): number | null {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** True when the service answers its health check in time. */
export async function ocrHealthy(config: OcrConfig | null): Promise<boolean> {
  if (!config) return false;
  try {
    const response = await ocrTransport(config).send("/healthz", { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
