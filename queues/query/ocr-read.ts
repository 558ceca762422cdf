/**
 * @module OCR inside the document step: an image attachment, or the pages of a PDF that have no text
 * layer, read through the OCR service. Each answer is kept in R2 under the file's SHA-256
 * (`ocr/<sha256>.json`, `ocr/<sha256>.p<page>.json`), so the same file is never read twice: not by a
 * retried step, not by another query, not by another account's copy of the same scan.
 */
import type { PageReading } from "../../worker/domain/page-reading";
import { OCR_CALL_TIMEOUT_MS, recognise, type OcrConfig, type OcrOutcome } from "../../worker/ocr/client";
import { ocrPageText, type OcrPageText } from "../../worker/ocr/page-text";
import { OcrResultSchema } from "../../worker/ocr/schema";
import { givesUpOnOcr } from "../retry-policy";

/** Pages of one PDF sent to OCR at most: bounds one step's time (about a second a page) whatever a document holds. */
export const OCR_MAX_PAGES = 20;

export type OcrRead =
  | { kind: "read"; page: OcrPageText }
  | { kind: "retry" }
  /** Not configured, or the service refused the file for good. */
  | { kind: "unread"; permanent: boolean };

function cacheKey(sha256: string, page?: number): string {
  return page === undefined ? `ocr/${sha256}.json` : `ocr/${sha256}.p${page}.json`;
}

/**
 * Files being read by this isolate right now (keys only: a promise must not cross requests in workerd).
 * Queue messages of one batch run at once, and registrations often carry the same scan: the second
 * asker waits for the first's answer in R2 instead of asking the service again.
 */
const reading = new Set<string>();
const WAIT_STEP_MS = 200;

async function cached(bucket: R2Bucket, key: string): Promise<OcrOutcome | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const parsed = OcrResultSchema.safeParse(await object.json().catch(() => null));
  return parsed.success ? { ok: true, result: parsed.data } : null;
}

/**
 * Reads an image (no `page`) or one page of a PDF. `bytes` is asked for only when the answer is not
 * cached yet; `size` is the PDF page's size in points, to which the OCR boxes are scaled.
 */
export async function ocrRead(
  env: Env, config: OcrConfig | null, attempt: number, file: { sha256: string; bytes: () => Promise<Uint8Array>; contentType: string },
  page?: { number: number; width: number; height: number },
): Promise<OcrRead> {
  if (!config) return { kind: "unread", permanent: false };
  const key = cacheKey(file.sha256, page?.number);
  let outcome: OcrOutcome | null = null;
  const until = Date.now() + OCR_CALL_TIMEOUT_MS;
  while (!outcome) {
    outcome = await cached(env.FILES, key);
    if (outcome) break;
    if (reading.has(key) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      continue;
    }
    reading.add(key);
    try {
      outcome = await recognise(config, await file.bytes(), { contentType: file.contentType, ...(page ? { page: page.number } : {}) });
      if (outcome.ok) await env.FILES.put(key, JSON.stringify(outcome.result), { httpMetadata: { contentType: "application/json" } });
    } finally {
      reading.delete(key);
    }
  }
  if (outcome.ok) return { kind: "read", page: ocrPageText(outcome.result, page) };
  if (outcome.kind === "transient") return givesUpOnOcr(attempt) ? { kind: "unread", permanent: false } : { kind: "retry" };
  return { kind: "unread", permanent: outcome.kind === "permanent" };
}

/** What the documents row remembers of an OCR'd page. */
export function ocrReading(page: OcrPageText, rotation = 0): PageReading {
  return { width: page.width, height: page.height, rotation, source: "ocr", ...(page.lowConfidence.length > 0 ? { lowConfidence: page.lowConfidence } : {}) };
}
