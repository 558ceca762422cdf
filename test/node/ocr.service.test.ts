/**
 * The OCR service (services/ocr) as the Worker sees it: started as its own process on a free port with
 * a token, it reads the sandbox's committed scans (a clean PNG, the image-only PDF) with every invoice
 * number of their truth and boxes inside the picture, renders a text PDF page, and answers bad input
 * with the contract's 4xx codes. Runs in the "node" vitest project (workerd cannot start processes).
 */
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import truth from "../../worker/upstream/sandbox/scans/truth.json";

/** The few Node APIs used here (the workspace's types are the Workers runtime's, without Node's). */
interface ChildProcess {
  kill(signal?: string): boolean;
  exitCode: number | null;
  stdout: { on(event: "data", listener: (chunk: Uint8Array) => void): void };
}
interface NodeApis {
  spawn(command: string, args: string[], options: { env: Record<string, string | undefined>; stdio: string[] }): ChildProcess;
  readFileSync(path: string): Uint8Array;
  createServer(): { listen(port: number, host: string): void; once(event: string, listener: () => void): void; close(cb: () => void): void };
  execPath: string;
  env: Record<string, string | undefined>;
  cwd(): string;
}
const load = (name: string) => import(/* @vite-ignore */ name);
const [{ spawn }, { readFileSync }, { createServer }, process] = await Promise.all([
  load("node:child_process"),
  load("node:fs"),
  load("node:net"),
  load("node:process"),
]);
const node: NodeApis = { spawn, readFileSync, createServer, execPath: process.execPath, env: process.env, cwd: () => process.cwd() };

const TOKEN = "test-ocr-token";
/** vitest runs from the repository root. */
const ROOT = `${node.cwd()}/`;
const SCANS = `${ROOT}worker/upstream/sandbox/scans/`;

interface Line {
  text: string;
  confidence: number;
  box: [number, number, number, number];
  quad: [number, number][];
}
interface OcrResult {
  width: number;
  height: number;
  pages?: number;
  page?: number;
  source?: string;
  lines: Line[];
  ms: number;
}

/** The first port of this suite's range (18200–18299) nobody listens on. */
async function freePort(): Promise<number> {
  for (let port = 18200 + Math.floor(Math.random() * 50); port < 18300; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = node.createServer();
      probe.once("error", () => resolve(false));
      probe.once("listening", () => probe.close(() => resolve(true)));
      probe.listen(port, "127.0.0.1");
    });
    if (free) return port;
  }
  throw new Error("no free port in 18200-18299");
}

let base = "";
let service: ChildProcess;
let firstHealth = 0;

async function ocr(body: Uint8Array, query = "", token: string | null = TOKEN): Promise<Response> {
  return fetch(`${base}/v1/ocr${query}`, { method: "POST", body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

const digitsOf = (lines: Line[]) =>
  lines
    .map((l) => l.text)
    .join("\n")
    .replace(/\s/g, "");
const scanTruth = (file: string) => {
  const entry = truth.files.find((f) => f.file === file);
  if (!entry) throw new Error(`no truth for ${file}`);
  return entry;
};

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  service = node.spawn(node.execPath, [`${ROOT}services/ocr/main.mjs`], {
    env: { ...node.env, OCR_PORT: String(port), OCR_TOKEN: TOKEN },
    stdio: ["ignore", "pipe", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    if (service.exitCode !== null) throw new Error("the OCR service exited");
    const res = await fetch(`${base}/healthz`).catch(() => null);
    if (res) {
      firstHealth ||= res.status;
      if (res.status === 200) return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the OCR service did not become healthy");
}, 90_000);

afterAll(() => {
  service?.kill("SIGTERM");
});

describe("OCR service", () => {
  it("reports health: loading (503) or ok (200) with the engine's name", async () => {
    expect([200, 503]).toContain(firstHealth);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", engine: "paddleocr-ppocrv4", version: expect.stringContaining("ocr-node") });
  });

  it("reads every invoice number of a scanned list, with boxes inside the picture, in reading order", async () => {
    const scan = scanTruth("list-1.png");
    const res = await ocr(node.readFileSync(`${SCANS}list-1.png`));
    expect(res.status).toBe(200);
    const result = (await res.json()) as OcrResult;
    expect({ width: result.width, height: result.height }).toEqual({ width: scan.width, height: scan.height });
    const read = digitsOf(result.lines);
    for (const row of scan.rows) expect(read).toContain(row.number);
    for (const line of result.lines) {
      const [x0, y0, x1, y1] = line.box;
      expect(0 <= x0 && x0 < x1 && x1 <= result.width && 0 <= y0 && y0 < y1 && y1 <= result.height).toBe(true);
      expect(line.quad).toHaveLength(4);
      expect(line.confidence).toBeGreaterThanOrEqual(0);
      expect(line.confidence).toBeLessThanOrEqual(1);
    }
    // The title is printed above everything else; row 1's number above row 2's.
    expect(result.lines[0]?.text).toContain("应收账款发票清单");
    const [first, second] = scan.rows;
    if (first && second) expect(read.indexOf(first.number)).toBeLessThan(read.indexOf(second.number));
    // Each number's line lies in the table, below the title line.
    const titleBottom = result.lines[0]?.box[3] ?? 0;
    const numberLine = result.lines.find((l) => l.text.replace(/\s/g, "").includes(first?.number ?? "-"));
    expect(numberLine?.box[1]).toBeGreaterThan(titleBottom);
  });

  it("reads an image-only PDF page from its embedded JPEG, and refuses a page it does not have", async () => {
    const scan = scanTruth("list-scan.pdf");
    const pdf = node.readFileSync(`${SCANS}list-scan.pdf`);
    const res = await ocr(pdf, "?page=1");
    expect(res.status).toBe(200);
    const result = (await res.json()) as OcrResult;
    expect(result).toMatchObject({ pages: 1, page: 1, source: "embedded_jpeg", width: scan.width, height: scan.height });
    const read = digitsOf(result.lines);
    for (const row of scan.rows) expect(read).toContain(row.number);
    for (const query of ["?page=2", "?page=0", "?page=x"]) {
      const bad = await ocr(pdf, query);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: { code: "BAD_PAGE" } });
    }
  });

  it("renders a PDF page that is not one image and reads its numbers", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 100]);
    const page = doc.addPage([360, 90]);
    page.drawText("No. 48150923", { x: 20, y: 50, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
    page.drawText("73920461558201937465", { x: 20, y: 20, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
    const res = await ocr(await doc.save(), "?page=2");
    expect(res.status).toBe(200);
    const result = (await res.json()) as OcrResult;
    expect(result).toMatchObject({ pages: 2, page: 2, source: "rendered", width: 1000, height: 250 });
    const read = digitsOf(result.lines);
    expect(read).toContain("48150923");
    expect(read).toContain("73920461558201937465");
  });

  it("answers bad input with the contract's codes and never echoes it", async () => {
    const garbage = new TextEncoder().encode("<script>alert(1)</script> not an image at all");
    const unsupported = await ocr(garbage);
    expect(unsupported.status).toBe(415);
    const body = await unsupported.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: "UNSUPPORTED_MEDIA" } });
    expect(body).not.toContain("script");
    const brokenPng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(300).fill(7)]);
    expect((await ocr(brokenPng)).status).toBe(422);
    expect((await ocr(node.readFileSync(`${SCANS}list-1.png`), "?page=2")).status).toBe(400);
    const anonymous = await ocr(garbage, "", null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
    expect((await ocr(garbage, "", "wrong-token")).status).toBe(401);
    expect((await fetch(`${base}/v1/ocr`)).status).toBe(405);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
  });
});
