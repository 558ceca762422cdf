/**
 * @module OCR inside the document step: an image attachment, or the pages of a PDF that have no text
 * layer, read through the OCR service. Each answer is kept in R2 under the file's SHA-256
 * (`ocr/<sha256>.json`, `ocr/<sha256>.p<page>.json`), so the same file is never read twice: not by a
 * retried step, not by another query, not by another account's copy of the same scan.
 */
import type { PageReading } from "../../worker/domain/page-reading";
import { OCR_PREFERRED_WAIT_S, type OcrConfig } from "../../worker/ocr/client";
import { recogniseOnce } from "../../worker/ocr/cached-read";
import { ocrPageText, type OcrPageText } from "../../worker/ocr/page-text";
import { record } from "../../worker/observability/record";
import { givesUpOnOcr } from "../retry-policy";

/** Pages of one PDF sent to OCR at most: bounds one step's time (about a second a page) whatever a document holds. */
export const OCR_MAX_PAGES = 20;

export type OcrRead =
  | { kind: "read"; page: OcrPageText }
  | { kind: "retry" }
  /** The service holds the page (queued or being read): ask again after `seconds`; not a failure, never given up on. */
  | { kind: "wait"; seconds: number }
  /** Not configured, or the service refused the file for good. */
  | { kind: "unread"; permanent: boolean }
  /**
   * The service kept failing (down, 5xx) until OCR_GIVE_UP_ATTEMPT: the file is unread for now, not for
   * good. The index step records its registration `failed`, so the next check asks for it again.
   */
  | { kind: "given_up" };

/**
 * Reads an image (no `page`) or one page of a PDF. `bytes` is asked for only when the answer is not
 * cached yet; `size` is the PDF page's size in points, to which the OCR boxes are scaled.
 */
export async function ocrRead(
  env: Env,
  config: OcrConfig | null,
  attempt: number,
  file: { sha256: string; bytes: () => Promise<Uint8Array>; contentType: string },
  page?: { number: number; width: number; height: number },
): Promise<OcrRead> {
  if (!config) return { kind: "unread", permanent: false };
  // One read per file and page at a time in this isolate, through the R2 cache (worker/ocr/cached-read.ts).
  const started = Date.now();
  const outcome = await recogniseOnce(env.FILES, config, file, page?.number);
  record(env, "ocr", {
    outcome: outcome.ok ? "read" : outcome.kind,
    kind: page ? "pdf_page" : "image",
    pages: 1,
    latency_ms: Date.now() - started,
  });
  if (outcome.ok) return { kind: "read", page: ocrPageText(outcome.result, page) };
  if (outcome.kind === "busy") return { kind: "wait", seconds: comeBackAfter(outcome.retryAfterSeconds) };
  if (outcome.kind === "transient") return givesUpOnOcr(attempt) ? { kind: "given_up" } : { kind: "retry" };
  return { kind: "unread", permanent: outcome.kind === "permanent" };
}

/**
 * When to ask again for a page the service expects done in `estimate` seconds: half a preferred wait
 * early, since the call then waits for the page anyway. Coming back late leaves the service idle at
 * the end of a long queue (the last registrations' pages done, their steps still waiting).
 */
export function comeBackAfter(estimate: number): number {
  return Math.max(1, Math.round(estimate - OCR_PREFERRED_WAIT_S / 2));
}

/** What the documents row remembers of an OCR'd page. */
export function ocrReading(page: OcrPageText, rotation = 0): PageReading {
  return {
    width: page.width,
    height: page.height,
    rotation,
    source: "ocr",
    ...(page.lowConfidence.length > 0 ? { lowConfidence: page.lowConfidence } : {}),
  };
}
