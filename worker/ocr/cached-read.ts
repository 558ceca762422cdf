/**
 * @module The OCR service's answer for one file (or one page of a PDF), read through the R2 cache kept
 * under the file's SHA-256 (`ocr/<sha256>.json`, `ocr/<sha256>.p<page>.json`) and asked at most once
 * at a time per isolate: concurrent askers for the same file and page share one cache read and one
 * call, whatever its outcome (a transient failure is retried by each asker's own step, not at once by
 * the next one, which would only add load to a service that is already failing).
 */
import { OCR_CALL_TIMEOUT_MS, recognise, type OcrConfig, type OcrOutcome } from "./client";
import { InFlight } from "./in-flight";
import { OcrResultSchema } from "./schema";

export interface OcrFile {
  sha256: string;
  /** Asked for only when the answer is not cached yet. */
  bytes: () => Promise<Uint8Array>;
  contentType: string;
}

/**
 * Reads running at once in one isolate are bounded by the queue's batch size (documents × pages of a
 * batch); this only keeps a runaway from growing the map, past it reads simply go unshared.
 */
export const IN_FLIGHT_LIMIT = 256;
/** A joiner waits this long at most: the first asker's call is bounded by OCR_CALL_TIMEOUT_MS, plus an R2 read and put. */
export const JOIN_WAIT_MS = OCR_CALL_TIMEOUT_MS + 5_000;

const flights = new InFlight<OcrOutcome>(IN_FLIGHT_LIMIT);

export function ocrCacheKey(sha256: string, page?: number): string {
  return page === undefined ? `ocr/${sha256}.json` : `ocr/${sha256}.p${page}.json`;
}

async function cached(bucket: R2Bucket, key: string): Promise<OcrOutcome | null> {
  const object = await bucket.get(key);
  if (!object) return null;
  const parsed = OcrResultSchema.safeParse(await object.json().catch(() => null));
  return parsed.success ? { ok: true, result: parsed.data } : null;
}

async function readThrough(bucket: R2Bucket, config: OcrConfig, file: OcrFile, key: string, page?: number): Promise<OcrOutcome> {
  const hit = await cached(bucket, key);
  if (hit) return hit;
  const outcome = await recognise(config, await file.bytes(), {
    contentType: file.contentType,
    spreadKey: file.sha256,
    ...(page !== undefined ? { page } : {}),
  });
  if (outcome.ok) await bucket.put(key, JSON.stringify(outcome.result), { httpMetadata: { contentType: "application/json" } });
  return outcome;
}

function withDeadline(result: Promise<OcrOutcome>, ms: number): Promise<OcrOutcome> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const late = new Promise<OcrOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, kind: "transient", reason: "timeout" }), ms);
  });
  return Promise.race([result, late]).finally(() => clearTimeout(timer));
}

/** The answer for `file` (an image, or page `page` of a PDF): from R2, from a read under way, or from the service. */
export function recogniseOnce(bucket: R2Bucket, config: OcrConfig, file: OcrFile, page?: number): Promise<OcrOutcome> {
  const key = ocrCacheKey(file.sha256, page);
  const flight = flights.run(key, () => readThrough(bucket, config, file, key, page));
  return flight.joined ? withDeadline(flight.result, JOIN_WAIT_MS) : flight.result;
}
