/**
 * Checks over pictures and image-only PDFs, through the OCR stand-in (test/setup/ocr-standin.ts: a real
 * HTTP service on the contract of docs/ocr.md whose "reading" of a file is made from its SHA-256, so the
 * test knows what each stored picture shows). The sandbox's JPEG scans, PNG photos and image-only PDF
 * invoice lists go through the pipeline: the first OCR call of each file fails (503) and is retried, every
 * answer is cached by SHA-256, and the text is searched like any other.
 */
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { readConfig } from "../worker/config";
import { ocrCacheKey, recogniseOnce, type OcrFile } from "../worker/ocr/cached-read";
import { ocrRead } from "../queues/query/ocr-read";
import { OCR_GIVE_UP_ATTEMPT } from "../queues/retry-policy";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery, createQueries, shardOfAccount, shardOfQuery } from "./helpers";
import { FaultyPipeline } from "./faults.harness";
import { STANDIN_BUSY_MARKER, STANDIN_PAGE, standinLines, standinNumber } from "./ocr-standin-lines";
import type { Check, CheckResult, EvidenceLocations } from "./api-types";

/** A subject whose registrations carry a JPEG scan, a PNG photo and an image-only PDF invoice list. */
function subjectWithScans(): string {
  for (let n = 0; n < 40; n++) {
    const subject = `规模16扫描件测试${n}有限公司`;
    const files = sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.find(subject, r.certificateNumber)?.registration.attachments ?? []);
    const has = (name: string) => files.some((f) => f.fileName === name);
    if (has("仓单扫描件.jpg") && has("现场照片.png") && has("发票清单扫描件.pdf")) return subject;
  }
  throw new Error("no sandbox subject carries every kind of scan");
}

interface DocRow {
  id: string;
  registration_id: string;
  file_name: string;
  mime_type: string;
  sha256: string;
  text_status: string;
  page_count: number | null;
  pages: string | null;
}

async function standinCalls(): Promise<Record<string, number>> {
  return (await fetch(`${inject("ocrUrl")}/calls`)).json();
}

async function runQuery(key: string, subject: string): Promise<string> {
  const id = (await body<{ queries: Array<{ id: string }> }>(await createQueries(key, [subject]))).queries[0]!.id;
  await waitForQuery(id, 60_000);
  return id;
}

describe("checks over OCR'd files", () => {
  it("finds numbers that only a JPEG, a PNG or an image-only PDF shows, marks low confidence, and reads each file once", async () => {
    const subject = subjectWithScans();
    const a = await newAccount();
    const queryId = await runQuery(a.key, subject);
    const shard = await shardOfAccount(a.accountId);
    const readDocs = async () => (await shard.prepare("SELECT * FROM documents WHERE query_id = ?").bind(queryId).all<DocRow>()).results;
    let docs = await readDocs();
    let jpeg = docs.find((d) => d.file_name === "仓单扫描件.jpg")!;
    let png = docs.find((d) => d.file_name === "现场照片.png")!;
    let scannedPdf = docs.find((d) => d.file_name === "发票清单扫描件.pdf")!;
    // The query read the main certificates only: the scans are stored, not read, until a check asks.
    const callsAfterQuery = await standinCalls();
    for (const d of [jpeg, png, scannedPdf]) {
      expect(d.text_status, d.file_name).toBe("not_text");
      expect(callsAfterQuery[`${d.sha256}:1`], d.file_name).toBeUndefined();
      const detail = await body<{ indexStatus: string; indexedAt?: string }>(
        await open(`/queries/${queryId}/registrations/${d.registration_id}`, a.key),
      );
      expect(detail.indexStatus).toBe("not_requested");
      expect(detail.indexedAt).toBeUndefined();
    }

    const numbers = {
      jpeg: standinNumber(jpeg.sha256, 1, 0),
      pdf: standinNumber(scannedPdf.sha256, 1, 0),
      blurred: standinNumber(png.sha256, 1, 1),
      absent: "86420975",
    };
    const check = await body<Check>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: {
          applicant: subject,
          sourceRegistryQueryId: queryId,
          criteria: Object.values(numbers).map((value) => ({ kind: "invoice_no", value })),
        },
      }),
    );
    expect(check.sourceRegistryQueryId).toBe(queryId);
    await waitForCheck(check.id, 60_000);
    docs = await readDocs();
    jpeg = docs.find((d) => d.file_name === "仓单扫描件.jpg")!;
    png = docs.find((d) => d.file_name === "现场照片.png")!;
    scannedPdf = docs.find((d) => d.file_name === "发票清单扫描件.pdf")!;
    for (const d of [jpeg, png, scannedPdf]) {
      expect(d.text_status, d.file_name).toBe("extracted");
      expect(JSON.parse(d.pages!)[0]).toMatchObject({ source: "ocr" });
      const detail = await body<{ indexStatus: string; indexedAt?: string }>(
        await open(`/queries/${queryId}/registrations/${d.registration_id}`, a.key),
      );
      expect(detail.indexStatus).toBe("completed");
      expect(Date.parse(detail.indexedAt!)).toBeGreaterThan(Date.parse(check.createdAt));
    }
    expect(jpeg.mime_type).toBe("image/jpeg");
    // The page text served to matching is the OCR lines, one per line.
    const stored = (await (await env.FILES.get(`text/${queryId}/${jpeg.id}.json`))!.json()) as { texts: string[]; boxes: unknown[] };
    expect(stored.boxes).toHaveLength(1);
    expect(stored.texts).toEqual([
      standinLines(jpeg.sha256, 1, "jpeg")
        .map((l) => l.text)
        .join("\n"),
    ]);
    const [jpegId, pdfId, blurredId, absentId] = check.criteria.map((c: { id: string }) => c.id);
    const done = await body<Check>(await open(`/checks/${check.id}`, a.key));
    expect(done.unmatchedCriterionIds).toEqual([absentId]);
    // PNG photos carry a line read with low confidence: a miss there would not rule out risk.
    expect(done.coverageIssues.map((i: { code: string }) => i.code)).toContain("OCR_LOW_CONFIDENCE");

    const expectEvidence = async (doc: DocRow, criterionId: string, sourceField: string, value: string) => {
      const result = await body<CheckResult>(await open(`/checks/${check.id}/results/${doc.registration_id}`, a.key));
      expect(result.matchStatus).toBe("matched");
      const evidence = result.check!.evidence.find((e) => e.criterionId === criterionId && e.documentId === doc.id)!;
      expect(evidence, doc.file_name).toMatchObject({
        sourceField,
        pageNumber: 1,
        termValue: value,
        fileName: doc.file_name,
        mimeType: doc.mime_type,
      });
      const locations = await body<EvidenceLocations>(
        await open(`/checks/${check.id}/results/${doc.registration_id}/evidence-locations?documentId=${doc.id}&pageNumber=1`, a.key),
      );
      const location = locations.locations.find((l: { evidenceId: string }) => l.evidenceId === evidence.id)!;
      expect(location).toMatchObject({ precision: "region", reason: "OCR_LINE" });
      // Within the OCR line that holds the number: the stand-in's box for it, scaled to the page (boxes are kept to 0.01 of a unit).
      const line = standinLines(doc.sha256, 1, doc.file_name.endsWith(".png") ? "png" : doc.file_name.endsWith(".pdf") ? "pdf" : "jpeg").find((l) =>
        l.text.includes(value),
      )!;
      const [x1, y1, x2, , , y3] = location.quads[0] as number[];
      expect(y1).toBeCloseTo(line.box[1] / STANDIN_PAGE.height, 4);
      expect(y3).toBeCloseTo(line.box[3] / STANDIN_PAGE.height, 4);
      expect(x1!).toBeGreaterThanOrEqual(line.box[0] / STANDIN_PAGE.width - 1e-4);
      expect(x2!).toBeLessThanOrEqual(line.box[2] / STANDIN_PAGE.width + 1e-4);
      expect(x2! - x1!).toBeLessThan((line.box[2] - line.box[0]) / STANDIN_PAGE.width);
      return { result, locations };
    };
    const onJpeg = await expectEvidence(jpeg, jpegId!, "ocr_text", numbers.jpeg);
    expect(onJpeg.locations).toMatchObject({ width: STANDIN_PAGE.width, height: STANDIN_PAGE.height });
    const onPdf = await expectEvidence(scannedPdf, pdfId!, "ocr_text", numbers.pdf);
    // A PDF page keeps its own size in points; the OCR boxes were scaled to it.
    expect(onPdf.locations.width).toBeCloseTo(JSON.parse(scannedPdf.pages!)[0].width, 3);
    const onPng = await expectEvidence(png, blurredId!, "ocr_text_low_confidence", numbers.blurred);
    expect(onPng.result.coverageIssues.map((i: { code: string }) => i.code)).toContain("OCR_LOW_CONFIDENCE");

    // Each file and page was asked twice (a 503, then the answer) and never again: not by another
    // registration carrying the same scan, not by another account's query of the same subject.
    const calls = await standinCalls();
    const ours = [jpeg, png, scannedPdf].map((d) => `${d.sha256}:1`);
    for (const key of ours) expect(calls[key], key).toBe(2);
    const ofThisQuery = new Set(docs.map((d) => d.sha256));
    expect(
      Object.entries(calls)
        .filter(([key]) => ofThisQuery.has(key.split(":")[0]!))
        .every(([, n]) => n === 2),
    ).toBe(true);
    // Another account's query of the same subject, and its check, read the cached answers.
    const b = await newAccount();
    const queryOfB = await runQuery(b.key, subject);
    const checkOfB = await body<Check>(
      await open("/checks", b.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: subject, sourceRegistryQueryId: queryOfB, criteria: [{ kind: "invoice_no", value: numbers.jpeg }] },
      }),
    );
    await waitForCheck(checkOfB.id, 60_000);
    expect(await standinCalls()).toEqual(calls);
  });
});

describe("one OCR call per file at a time in an isolate", () => {
  const config = () => readConfig(env).ocr!;
  /** A JPEG the stand-in has never seen: its magic bytes and random content (a SHA-256 of its own). */
  async function freshJpeg(): Promise<{ file: OcrFile; asked: () => number }> {
    const bytes = new Uint8Array(256);
    crypto.getRandomValues(bytes);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    const sha256 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    let asked = 0;
    const file = { sha256, contentType: "image/jpeg", bytes: async () => (asked++, bytes) };
    return { file, asked: () => asked };
  }

  it("shares one call between two concurrent readers of the same file, whatever its outcome, then serves it from R2", async () => {
    const { file, asked } = await freshJpeg();
    const calls = async () => (await standinCalls())[`${file.sha256}:1`] ?? 0;

    // The stand-in fails each file's first call (503): both readers get that one transient outcome.
    const first = await Promise.all([recogniseOnce(env.FILES, config(), file), recogniseOnce(env.FILES, config(), file)]);
    expect(first).toEqual([
      { ok: false, kind: "transient", reason: "status 503" },
      { ok: false, kind: "transient", reason: "status 503" },
    ]);
    expect(await calls()).toBe(1);
    expect(asked()).toBe(1);

    // Retried together: one more call, its answer shared and cached.
    const [a, b] = await Promise.all([recogniseOnce(env.FILES, config(), file), recogniseOnce(env.FILES, config(), file)]);
    expect(await calls()).toBe(2);
    expect(a).toEqual(b);
    expect(a.ok && a.result.lines.map((l) => l.text)).toEqual(standinLines(file.sha256, 1, "jpeg").map((l) => l.text));
    expect(await env.FILES.head(ocrCacheKey(file.sha256))).not.toBeNull();

    // Later readers get the cached answer without a call and without the file's bytes.
    expect(await recogniseOnce(env.FILES, config(), file)).toEqual(a);
    expect(await calls()).toBe(2);
    expect(asked()).toBe(2);
  });

  it("does not share between different files, nor between pages of one PDF", async () => {
    const one = await freshJpeg();
    const two = await freshJpeg();
    const pdf = new TextEncoder().encode(`%PDF-1.7\n${crypto.randomUUID()}`);
    const pdfSha = [...new Uint8Array(await crypto.subtle.digest("SHA-256", pdf))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const pdfFile = { sha256: pdfSha, contentType: "application/pdf", bytes: async () => pdf };
    await Promise.all([
      recogniseOnce(env.FILES, config(), one.file),
      recogniseOnce(env.FILES, config(), two.file),
      recogniseOnce(env.FILES, config(), pdfFile, 1),
      recogniseOnce(env.FILES, config(), pdfFile, 2),
    ]);
    const calls = await standinCalls();
    expect([calls[`${one.file.sha256}:1`], calls[`${two.file.sha256}:1`], calls[`${pdfSha}:1`], calls[`${pdfSha}:2`]]).toEqual([1, 1, 1, 1]);
  });
});

describe("a page the OCR service has queued behind others", () => {
  const config = () => readConfig(env).ocr!;
  async function jpeg(text: string): Promise<{ sha256: string; contentType: string; bytes: () => Promise<Uint8Array> }> {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(`${text} ${crypto.randomUUID()}`)]);
    const sha256 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
    return { sha256, contentType: "image/jpeg", bytes: async () => bytes };
  }

  it("is a wait for the time the service names, never given up on however many deliveries it took; a failure past the limit is", async () => {
    const queued = await jpeg(STANDIN_BUSY_MARKER);
    expect(await recogniseOnce(env.FILES, config(), queued)).toEqual({ ok: false, kind: "busy", retryAfterSeconds: 1 });
    // Long past the attempt at which a failing service is given up on: still a wait.
    expect(await ocrRead(env, config(), OCR_GIVE_UP_ATTEMPT + 10, queued)).toEqual({ kind: "wait", seconds: 1 });
    const read = await ocrRead(env, config(), OCR_GIVE_UP_ATTEMPT + 11, queued);
    expect(read.kind === "read" && read.page.text).toContain(standinNumber(queued.sha256, 1, 0));
    expect((await standinCalls())[`${queued.sha256}:1`]).toBe(3);

    // A plain transient failure (503 without Retry-After) at that attempt: given up, the file left unread.
    const failing = await jpeg("not queued");
    expect(await ocrRead(env, config(), OCR_GIVE_UP_ATTEMPT, failing)).toEqual({ kind: "given_up" });
    expect(await ocrRead(env, config(), OCR_GIVE_UP_ATTEMPT - 1, await jpeg("not queued"))).toEqual({ kind: "retry" });
  });
});

/** A small subject whose registrations carry scans (a JPEG or an image-only PDF) and no PNG photo (read with low confidence). */
function subjectWithScansOnly(): string {
  for (let n = 0; n < 80; n++) {
    const subject = `规模4停机恢复测试${n}有限公司`;
    const files = sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.find(subject, r.certificateNumber)?.registration.attachments ?? []);
    const names = files.map((f) => f.fileName);
    if (names.some((f) => f === "仓单扫描件.jpg" || f === "发票清单扫描件.pdf") && !names.some((f) => f.endsWith(".png"))) return subject;
  }
  throw new Error("no sandbox subject with scans and without photos");
}

async function standin(action: "kill" | "restart"): Promise<void> {
  const res = await fetch(`${inject("ocrControlUrl")}/${action}`, { method: "POST" });
  expect(res.status, action).toBe(204);
}

describe("an OCR outage during a check", () => {
  it("leaves the scans' registrations failed (not completed, coverage incomplete), and the next check reads them again and ends complete without a new query", async () => {
    const subject = subjectWithScansOnly();
    const p = new FaultyPipeline();
    const a = await newAccount("enterprise");
    // An invoice number nobody prints: a check with complete coverage and no candidate ends completed.
    const criteria = [{ kind: "invoice_no", value: "86420975" }];
    const submit = async (json: Record<string, unknown>) => {
      const res = await p.fetch("/checks", { method: "POST", key: a.key, headers: { "Idempotency-Key": idempotencyKey() }, json });
      expect(res.status).toBe(202);
      return body<Check>(res);
    };
    const first = await submit({ applicant: subject, criteria });
    const queryId = first.sourceRegistryQueryId;

    // The query runs, the check asks for the attachments: the OCR service dies before they are read.
    while (!p.outbox.some((m) => m.body.type === "index")) {
      expect(p.outbox.length).toBeGreaterThan(0);
      const { retried } = await p.deliver(p.outbox.splice(0, 10));
      p.outbox.push(...retried.map((m) => ({ body: m.body, attempts: m.attempts + 1 })));
    }
    // Scans no earlier test had read: what OCR read is cached for every account by SHA-256, and a cached page needs no service.
    const stored = await (
      await shardOfQuery(queryId)
    )
      .prepare("SELECT sha256 FROM documents WHERE query_id = ?")
      .bind(queryId)
      .all<{ sha256: string }>();
    for (const { sha256 } of stored.results) {
      const cached = await env.FILES.list({ prefix: `ocr/${sha256}` });
      if (cached.objects.length > 0) await env.FILES.delete(cached.objects.map((o) => o.key));
    }
    await standin("kill");
    try {
      await p.drain({ maxRounds: 60 });
    } finally {
      await standin("restart");
    }
    const outage = await body<Check>(await p.fetch(`/checks/${first.id}`, { key: a.key }));
    expect(outage.status).toBe("partial");
    expect(outage.coverageComplete).toBe(false);
    expect(outage.coverageIssues.map((i: { code: string }) => i.code)).toContain("ATTACHMENT_NOT_INDEXED");

    const shard = await shardOfQuery(queryId);
    const scanned = (
      await shard
        .prepare("SELECT DISTINCT registration_id AS id FROM documents WHERE query_id = ? AND file_name IN ('仓单扫描件.jpg', '发票清单扫描件.pdf')")
        .bind(queryId)
        .all<{ id: string }>()
    ).results.map((r) => r.id);
    expect(scanned.length).toBeGreaterThan(0);
    type Detail = { indexStatus: string; indexedAt?: string; coverageComplete: boolean };
    const detail = async (id: string) => body<Detail>(await p.fetch(`/queries/${queryId}/registrations/${id}`, { key: a.key }));
    // What was given up is failed, not completed: the detail says what the check said.
    for (const id of scanned) {
      const d = await detail(id);
      expect(d.indexStatus, id).toBe("failed");
      expect(d.indexedAt, id).toBeUndefined();
      expect(d.coverageComplete, id).toBe(false);
    }

    // The service is back: the next check over the same query asks for the failed registrations again.
    const second = await submit({ applicant: subject, sourceRegistryQueryId: queryId, criteria });
    await p.drain({ maxRounds: 60 });
    const healed = await body<Check>(await p.fetch(`/checks/${second.id}`, { key: a.key }));
    expect(healed.coverageIssues).toEqual([]);
    expect(healed).toMatchObject({ status: "completed", executionStatus: "succeeded", coverageComplete: true });
    for (const id of scanned) {
      const d = await detail(id);
      expect(d.indexStatus, id).toBe("completed");
      expect(d.coverageComplete, id).toBe(true);
      expect(Date.parse(d.indexedAt!)).toBeGreaterThanOrEqual(Date.parse(second.createdAt));
    }
    // No new query: the one query was charged once, both checks ran over it.
    const e = await body<{ query: { used: number; reserved: number } }>(await p.fetch("/account/entitlements", { key: a.key }));
    expect(e.query).toMatchObject({ used: 1, reserved: 0 });
  });
});
