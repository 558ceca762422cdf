/**
 * The Worker's side of OCR (worker/ocr) against the real service (services/ocr), in Node: the client's
 * outcomes (read, permanent refusal, transient failure, not configured) and the OCR page text the
 * pipeline stores, searched with the check's matcher: every invoice number the sandbox's scans print
 * (their truth, scripts/make-scans.mjs) is found, on a quad inside its OCR line. Starts the service on
 * a free port of 18300-18399.
 */
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile } from "../../worker/domain/check-matching";
import { rangeQuads } from "../../worker/domain/evidence-quads";
import { recognise, ocrHealthy, type OcrConfig } from "../../worker/ocr/client";
import { ocrPageText } from "../../worker/ocr/page-text";
import truth from "../../worker/upstream/sandbox/scans/truth.json";

interface ChildProcess {
  kill(signal?: string): boolean;
  exitCode: number | null;
}
const load = (name: string) => import(/* @vite-ignore */ name);
const [{ spawn }, { readFileSync }, { createServer }, process] = await Promise.all([
  load("node:child_process"),
  load("node:fs"),
  load("node:net"),
  load("node:process"),
]);
const ROOT = `${process.cwd()}/`;
const SCANS = `${ROOT}worker/upstream/sandbox/scans/`;
const TOKEN = "worker-client-token";

async function freePort(): Promise<number> {
  for (let port = 18300 + Math.floor(Math.random() * 50); port < 18400; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.once("listening", () => probe.close(() => resolve(true)));
      probe.listen(port, "127.0.0.1");
    });
    if (free) return port;
  }
  throw new Error("no free port in 18300-18399");
}

let config: OcrConfig & { via: "http" };
let service: ChildProcess;

beforeAll(async () => {
  const port = await freePort();
  config = { via: "http", url: `http://127.0.0.1:${port}`, token: TOKEN, timeoutMs: 60_000 };
  service = spawn(process.execPath, [`${ROOT}services/ocr/main.mjs`], {
    env: { ...process.env, OCR_PORT: String(port), OCR_TOKEN: TOKEN },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240 && !(await ocrHealthy(config)); i++) {
    if (service.exitCode !== null) throw new Error("the OCR service exited");
    await new Promise((r) => setTimeout(r, 250));
  }
}, 90_000);

afterAll(() => {
  service?.kill("SIGTERM");
});

const scan = (file: string) => truth.files.find((f) => f.file === file)!;

describe("the Worker's OCR client against the OCR service", () => {
  it("reads a JPEG scan into page text in which the check's matcher finds every printed invoice number, each on its OCR line", async () => {
    const file = scan("scan-1.jpg");
    const outcome = await recognise(config, new Uint8Array(readFileSync(`${SCANS}scan-1.jpg`)), { contentType: "image/jpeg" });
    if (!outcome.ok) throw new Error(`OCR failed: ${JSON.stringify(outcome)}`);
    const page = ocrPageText(outcome.result);
    expect({ width: page.width, height: page.height }).toEqual({ width: file.width, height: file.height });
    const matcher = compile(file.rows.map((r, i) => ({ id: `crt_${i}`, kind: "invoice_no" as const, value: r.number })));
    const hits = matcher.scan(page.text);
    expect(new Set(hits.map((h) => h.criterionId)).size).toBe(file.rows.length);
    for (const hit of hits) {
      const quads = rangeQuads(page.text, page.boxes, hit.start, hit.end, page);
      expect(quads).toHaveLength(1);
      const line = page.boxes.find((b) => b.start <= hit.start && b.end >= hit.end)!;
      const [x1, y1, x2, , , y3] = quads[0]!;
      expect(x1 * page.width).toBeGreaterThanOrEqual(line.x - 1e-6);
      expect(x2 * page.width).toBeLessThanOrEqual(line.x + line.width + 1e-6);
      expect(y1 * page.height).toBeCloseTo(line.y, 6);
      expect(y3 * page.height).toBeCloseTo(line.y + line.height, 6);
    }
  }, 60_000);

  it("reads the image-only PDF's page with boxes scaled to the page in points", async () => {
    const file = scan("list-scan.pdf");
    const bytes = new Uint8Array(readFileSync(`${SCANS}list-scan.pdf`));
    const size = (await PDFDocument.load(bytes)).getPage(0).getSize();
    const outcome = await recognise(config, bytes, { page: 1, contentType: "application/pdf" });
    if (!outcome.ok) throw new Error(`OCR failed: ${JSON.stringify(outcome)}`);
    const page = ocrPageText(outcome.result, size);
    for (const row of file.rows) expect(page.text.replace(/\s/g, "")).toContain(row.number);
    for (const box of page.boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1e-6);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1e-6);
    }
  }, 60_000);

  it("tells a refusal (permanent) from an unreachable service (transient) and no service (not configured)", async () => {
    expect(await recognise(config, new TextEncoder().encode("not a picture"))).toMatchObject({ ok: false, kind: "permanent" });
    expect(await recognise({ ...config, token: "wrong" }, new Uint8Array(readFileSync(`${SCANS}scan-1.jpg`)))).toMatchObject({
      ok: false,
      kind: "permanent",
    });
    const closed = await freePort();
    expect(await recognise({ via: "http", url: `http://127.0.0.1:${closed}` }, new Uint8Array([0xff, 0xd8, 0xff]))).toMatchObject({
      ok: false,
      kind: "transient",
    });
    expect(await recognise(null, new Uint8Array())).toEqual({ ok: false, kind: "not_configured" });
    expect(await ocrHealthy(null)).toBe(false);
  });
});
