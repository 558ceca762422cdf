/**
 * OCR through the container binding (worker/ocr/transport.ts, containerTransport) in workerd: the OCR
 * binding is a real local Durable Object namespace whose class (test/setup/ocr-container-main.ts) plays
 * the container the way @cloudflare/containers does: asleep, its first request answers 503 while it
 * starts; then it proxies to the OCR stand-in. The Worker sends no token, spreads files over
 * OCR_INSTANCES objects by content and page (the same file always to the same one), and a query whose
 * scans meet cold instances still reads every scan: the cold start is a transient failure the pipeline
 * retries, not a coverage issue.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig } from "../worker/config";
import { ocrHealthy, recognise } from "../worker/ocr/client";
import { ocrInstanceIndex, ocrInstanceName } from "../worker/ocr/transport";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, createQueries, idempotencyKey, newAccount, open, shardOfAccount, waitForCheck, waitForQuery } from "./helpers";
import { standinLines } from "./ocr-standin-lines";
import type { StubReport } from "./setup/ocr-container-main";

interface ContainerEnv {
  OCR: DurableObjectNamespace;
}
const namespace = (env as unknown as ContainerEnv).OCR;
const INSTANCES = 3;

function instance(index: number) {
  return namespace.get(namespace.idFromName(ocrInstanceName(index)));
}
async function report(index: number): Promise<StubReport> {
  return (await instance(index).fetch("http://stub/__stub")).json();
}
async function reports(): Promise<StubReport[]> {
  return Promise.all(Array.from({ length: INSTANCES }, (_, i) => report(i)));
}

async function randomJpeg(): Promise<{ bytes: Uint8Array; sha256: string }> {
  const bytes = new Uint8Array(128);
  crypto.getRandomValues(bytes);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  const sha256 = [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { bytes, sha256 };
}

describe("OCR through the container binding", () => {
  it("is what the configuration says when the OCR binding is bound: the container, over OCR_INSTANCES", () => {
    expect(readConfig(env).ocr).toMatchObject({ via: "container", instances: INSTANCES });
  });

  it("waits out a cold instance (a transient 503), then reads through it with no token sent", async () => {
    const config = readConfig(env).ocr!;
    const { bytes, sha256 } = await randomJpeg();
    const index = ocrInstanceIndex(INSTANCES, `${sha256}:1`);
    await instance(index).fetch("http://stub/__stub/sleep");
    const before = await report(index);

    expect(await recognise(config, bytes, { contentType: "image/jpeg", spreadKey: sha256 })).toEqual({
      ok: false,
      kind: "transient",
      reason: "status 503",
    });
    // The stand-in fails each file's first call too (503); the third call is the reading.
    expect(await recognise(config, bytes, { contentType: "image/jpeg", spreadKey: sha256 })).toMatchObject({ ok: false, kind: "transient" });
    const read = await recognise(config, bytes, { contentType: "image/jpeg", spreadKey: sha256 });
    expect(read.ok && read.result.lines.map((l) => l.text)).toEqual(standinLines(sha256, 1, "jpeg").map((l) => l.text));

    const after = await report(index);
    expect(after.starts).toBe(before.starts + 1);
    expect(after.requests.slice(before.requests.length)).toEqual(["/v1/ocr", "/v1/ocr", "/v1/ocr"]);
    expect(after.withToken).toBe(0);
  });

  it("sends a file and page always to the same instance and spreads different ones over all of them", async () => {
    const config = readConfig(env).ocr!;
    const before = await reports();
    const files = await Promise.all(Array.from({ length: 24 }, randomJpeg));
    for (const { bytes, sha256 } of files) {
      await recognise(config, bytes, { contentType: "image/jpeg", spreadKey: sha256 });
      await recognise(config, bytes, { contentType: "image/jpeg", spreadKey: sha256 });
    }
    const after = await reports();
    const added = after.map((r, i) => r.requests.length - before[i]!.requests.length);
    // Two calls per file, each pair on the instance its key names.
    const expected = Array.from({ length: INSTANCES }, (_, i) => 2 * files.filter((f) => ocrInstanceIndex(INSTANCES, `${f.sha256}:1`) === i).length);
    expect(added).toEqual(expected);
    expect(added.every((n) => n > 0)).toBe(true);
    // Pages of one PDF are different keys: they need not wait for each other on one instance.
    const pages = Array.from({ length: 12 }, (_, i) => ocrInstanceIndex(INSTANCES, `${files[0]!.sha256}:${i + 1}`));
    expect(new Set(pages).size).toBeGreaterThan(1);
  });

  it("checks health through the binding (the service's /healthz)", async () => {
    const config = readConfig(env).ocr!;
    let healthy = false;
    // Any instance answers a health check; a sleeping one answers once it has started.
    for (let i = 0; i < 2 * INSTANCES + 2 && !healthy; i++) healthy = await ocrHealthy(config);
    expect(healthy).toBe(true);
    expect((await reports()).some((r) => r.requests.includes("/healthz"))).toBe(true);
  });

  it("reads every scan of a query whose instances are all cold: the pipeline retries the start", async () => {
    for (let i = 0; i < INSTANCES; i++) await instance(i).fetch("http://stub/__stub/sleep");
    const before = await reports();
    const subject = scannedSubject();
    const a = await newAccount();
    const queryId = (await body<{ queries: Array<{ id: string }> }>(await createQueries(a.key, [subject]))).queries[0]!.id;
    await waitForQuery(queryId, 90_000);
    // Attachments are read when a check asks for them (the indexing step), not by the query.
    const check = await body<{ id: string }>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: subject, sourceRegistryQueryId: queryId, criteria: [{ kind: "invoice_no", value: "86420975" }] },
      }),
    );
    await waitForCheck(check.id, 90_000);
    const docs = (
      await (
        await shardOfAccount(a.accountId)
      )
        .prepare(
          "SELECT file_name, sha256, text_status, pages FROM documents WHERE query_id = ? AND (mime_type LIKE 'image/%' OR file_name LIKE '%扫描件.pdf')",
        )
        .bind(queryId)
        .all<{ file_name: string; sha256: string; text_status: string; pages: string | null }>()
    ).results;
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) {
      expect(d.text_status, d.file_name).toBe("extracted");
      expect(JSON.parse(d.pages!)[0], d.file_name).toMatchObject({ source: "ocr" });
    }
    const after = await reports();
    const started = after.map((r, i) => r.starts - before[i]!.starts);
    // Every instance the scans went to started once, cold, and no more.
    const used = new Set(docs.map((d) => ocrInstanceIndex(INSTANCES, `${d.sha256}:1`)));
    expect(started).toEqual(Array.from({ length: INSTANCES }, (_, i) => (used.has(i) ? 1 : 0)));
  });
});

/** A sandbox subject whose registrations carry scans of several kinds (a JPEG, a PNG, an image-only PDF). */
function scannedSubject(): string {
  for (let n = 0; n < 40; n++) {
    const subject = `规模8扫描件容器${n}有限公司`;
    const files = sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.find(subject, r.certificateNumber)?.registration.attachments ?? []);
    if (new Set(files.filter((f) => /\.(jpg|png)$|扫描件\.pdf$/.test(f.fileName)).map((f) => f.fileName)).size >= 2) return subject;
  }
  throw new Error("no sandbox subject carries two kinds of scan");
}
