/**
 * Global setup (Node) of the ocr test project: a tiny stand-in for the OCR service on a free port in
 * 18300-18399, speaking its contract (docs/ocr.md: POST /v1/ocr[?page=N] with a file's bytes and a bearer
 * token, GET /healthz). It does not read pictures: it answers the lines test/ocr-standin-lines.ts makes
 * from the file's SHA-256, so tests know what each stored file "shows". The first call for each file and
 * page fails with 503 (a transient fault the pipeline must retry; a file holding STANDIN_BUSY_MARKER answers
 * busy, 503 with Retry-After, twice); GET /calls counts the calls, so tests
 * can see that nothing is read twice.
 */
import type { TestProject } from "vitest/node";
import { STANDIN_BUSY_MARKER, STANDIN_PAGE, standinLines } from "../ocr-standin-lines";
import { startOcrStandin } from "./ocr-standin-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    ocrUrl: string;
    ocrToken: string;
    /** POST /kill and POST /restart stop and restart the stand-in (test/setup/ocr-standin-server.mjs). */
    ocrControlUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const token = `ocr_${crypto.randomUUID()}`;
  const standin = await startOcrStandin({
    token,
    firstPort: 18300 + Math.floor(Math.random() * 90),
    busyMarker: STANDIN_BUSY_MARKER,
    read: (sha256, page, kind) => ({ ...STANDIN_PAGE, ...(kind === "pdf" ? { pages: 1 } : {}), lines: standinLines(sha256, page, kind), ms: 1 }),
  });
  project.provide("ocrUrl", standin.url);
  project.provide("ocrToken", token);
  project.provide("ocrControlUrl", standin.controlUrl);
  return () => standin.close();
}
