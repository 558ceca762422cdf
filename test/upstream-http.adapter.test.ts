import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { storeFile, streamFile } from "../queues/query/files";
import { sha256Hex } from "../worker/lib/crypto";
import { parseConfig } from "../worker/config";
import { createUpstream } from "../queues/upstream";
import { HttpUpstream } from "../worker/upstream/http";
import { parseRetryAfter } from "../worker/upstream/http/failures";
import { claimedSha256, dispositionFileName } from "../worker/upstream/http/file-response";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import type { FileResult, UpstreamFile } from "../worker/upstream/types";
import { gatewayUpstream, injectFault, stubRequests, uniqueSubject } from "./upstream-http.stub";

/** A sandbox subject with 12 registrations, PDF invoice lists and PNG scans among their attachments. */
const RICH = "网关测试供应链有限公司";
const ctx = { attempt: 1 };

function expectFile(result: FileResult): UpstreamFile {
  if (!result.ok) throw new Error(`expected a file, got ${result.kind}`);
  return result;
}

async function firstCertificate(subject: string): Promise<string> {
  return sandboxRegistry.listing(subject)[0]!.certificateNumber;
}

describe("http upstream: what the stub serves is the sandbox's data", () => {
  it("lists the complete registrations and hands over certificates and attachments with size and sha256", async () => {
    const upstream = gatewayUpstream();
    const listing = await upstream.listRegistrations(RICH, ctx);
    expect(listing).toEqual({ ok: true, registrations: sandboxRegistry.listing(RICH), sourceStatus: "available" });

    const certificateNumber = await firstCertificate(RICH);
    const certificate = expectFile(await upstream.fetchCertificate({ subjectName: RICH, certificateNumber }, ctx));
    const expected = (await sandboxRegistry.certificatePdf(RICH, certificateNumber))!;
    expect(certificate).toMatchObject({
      fileName: `${certificateNumber}.pdf`,
      mimeType: "application/pdf",
      size: expected.byteLength,
      sha256: await sha256Hex(expected),
    });
    expect(certificate.body).toBeInstanceOf(ReadableStream);
    const stored = await storeFile(env.FILES, "test/http/certificate", certificate);
    expect(stored.ok && stored.file.bytes).toEqual(expected);

    const withImage = sandboxRegistry.describe(RICH).registrations.find((r) => r.attachments.some((a) => a.mimeType === "image/png"))!;
    const ref = { subjectName: RICH, certificateNumber: withImage.listing.certificateNumber };
    expect(await upstream.listAttachments(ref, ctx)).toEqual({ ok: true, attachments: withImage.attachments });
    const png = withImage.attachments.find((a) => a.mimeType === "image/png")!;
    const image = expectFile(await upstream.fetchAttachment(ref, png.fileName, ctx));
    const truth = (await sandboxRegistry.attachment(RICH, ref.certificateNumber, png.fileName))!;
    expect(image).toMatchObject({
      fileName: png.fileName,
      mimeType: "image/png",
      size: truth.bytes.byteLength,
      sha256: await sha256Hex(truth.bytes),
    });

    // An image is not parsed: it streams into R2 without being held, hashed on the way.
    const streamed = await streamFile(env.FILES, "test/http/image", image);
    expect(streamed).toEqual({ ok: true, file: { sha256: await sha256Hex(truth.bytes), size: truth.bytes.byteLength } });
    const object = await env.FILES.get("test/http/image");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(truth.bytes);
  });

  it("answers an explicit, complete empty list", async () => {
    expect(await gatewayUpstream().listRegistrations(uniqueSubject("无登记"), ctx)).toEqual({
      ok: true,
      registrations: [],
      sourceStatus: "available",
    });
  });

  it("maps SOURCE_UNAVAILABLE to unavailable, for the list and for files", async () => {
    const subject = uniqueSubject("不可用");
    const upstream = gatewayUpstream();
    expect(await upstream.listRegistrations(subject, ctx)).toEqual({ ok: false, kind: "unavailable" });
    expect(await upstream.fetchCertificate({ subjectName: subject, certificateNumber: "1" }, ctx)).toEqual({ ok: false, kind: "unavailable" });
  });

  it("lists a quarantined subject as quarantined and still hands its files over to be read", async () => {
    const subject = uniqueSubject("隔离");
    const upstream = gatewayUpstream();
    const listing = await upstream.listRegistrations(subject, ctx);
    expect(listing.ok && listing.sourceStatus).toBe("quarantined");
    const ref = { subjectName: subject, certificateNumber: await firstCertificate(subject) };
    // Quarantined data may be read and parsed; only the API's downloads refuse it (README, quarantine).
    const certificate = await upstream.fetchCertificate(ref, ctx);
    expect(certificate.ok && certificate.mimeType).toBe("application/pdf");
    if (certificate.ok && certificate.body instanceof ReadableStream) await certificate.body.cancel();
    expect((await upstream.listAttachments(ref, ctx)).ok).toBe(true);
    // A gateway that cannot even list a quarantined subject says so with its code.
    expect(await gatewayUpstream({ headers: { "X-Stub-Fault": "quarantined" } }).listRegistrations(uniqueSubject(), ctx)).toEqual({
      ok: false,
      kind: "quarantined",
    });
  });

  it("reports files the registry cannot supply as missing (HTTP 404)", async () => {
    const subject = uniqueSubject("部分");
    const upstream = gatewayUpstream();
    // Under 部分, registration 2 (index % 3 === 2) has no certificate.
    const missing = sandboxRegistry.listing(subject)[2]!.certificateNumber;
    expect(await upstream.fetchCertificate({ subjectName: subject, certificateNumber: missing }, ctx)).toEqual({ ok: false, kind: "missing" });
    expect(await upstream.fetchCertificate({ subjectName: RICH, certificateNumber: "00000000000000000000" }, ctx)).toEqual({
      ok: false,
      kind: "missing",
    });
    expect(await upstream.fetchAttachment({ subjectName: RICH, certificateNumber: await firstCertificate(RICH) }, "无此文件.pdf", ctx)).toEqual({
      ok: false,
      kind: "missing",
    });
  });
});

describe("http upstream: busy, slow and timed-out calls", () => {
  it("passes busy with the gateway's retry hint straight back (no in-call retry)", async () => {
    const subject = uniqueSubject("排队");
    const upstream = gatewayUpstream();
    expect(await upstream.listRegistrations(subject, { attempt: 1 })).toEqual({ ok: false, kind: "busy", retryAfterSeconds: 1 });
    const later = await upstream.listRegistrations(subject, { attempt: 3 });
    expect(later.ok).toBe(true);
    const seen = await stubRequests(subject);
    expect(seen.map((r) => [r.status, r.attempt])).toEqual([
      [429, 1],
      [200, 3],
    ]);

    expect(await gatewayUpstream({ headers: { "X-Stub-Fault": "busy=7" } }).listRegistrations(uniqueSubject(), ctx)).toEqual({
      ok: false,
      kind: "busy",
      retryAfterSeconds: 7,
    });
    // Status fallbacks: a bare 503 with Retry-After is busy, a bare 429 without it busy for a default wait.
    expect(await gatewayUpstream({ headers: { "X-Stub-Fault": "status=503;retry-after=5" } }).listRegistrations(uniqueSubject(), ctx)).toEqual({
      ok: false,
      kind: "busy",
      retryAfterSeconds: 5,
    });
    expect(await gatewayUpstream({ headers: { "X-Stub-Fault": "status=429" } }).listRegistrations(uniqueSubject(), ctx)).toEqual({
      ok: false,
      kind: "busy",
      retryAfterSeconds: 2,
    });
  });

  it("waits for a slow gateway within the timeout", async () => {
    const started = Date.now();
    const listing = await gatewayUpstream({ headers: { "X-Stub-Fault": "slow=300" }, listTimeoutMs: 3000 }).listRegistrations(RICH, ctx);
    expect(listing.ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    // The 慢 marker: every call of the subject is slow (40 ms in tests), and still answers.
    const slow = uniqueSubject("慢");
    expect((await gatewayUpstream().listRegistrations(slow, ctx)).ok).toBe(true);
  });

  it("gives up a call that outlives its timeout as transient, without retrying it in the call", async () => {
    const subject = uniqueSubject();
    await injectFault(subject, "timeout", { times: 5 });
    const started = Date.now();
    expect(await gatewayUpstream({ listTimeoutMs: 300 }).listRegistrations(subject, ctx)).toEqual({ ok: false, kind: "transient" });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2000);
    expect(await stubRequests(subject)).toHaveLength(1);
  });

  it("aborts a file transfer that stalls mid-body: the stored file counts as truncated", async () => {
    const ref = { subjectName: RICH, certificateNumber: await firstCertificate(RICH) };
    const file = expectFile(await gatewayUpstream({ headers: { "X-Stub-Fault": "stall" }, fileTimeoutMs: 400 }).fetchCertificate(ref, ctx));
    const started = Date.now();
    expect(await storeFile(env.FILES, "test/http/stalled", file)).toEqual({ ok: false, reason: "truncated" });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("http upstream: transient faults", () => {
  it("retries 5xx a few times inside the call with the same request id, then succeeds", async () => {
    const subject = uniqueSubject();
    await injectFault(subject, "error=500", { times: 2 });
    const listing = await gatewayUpstream().listRegistrations(subject, { attempt: 4 });
    expect(listing.ok).toBe(true);
    const seen = await stubRequests(subject);
    expect(seen.map((r) => r.status)).toEqual([500, 500, 200]);
    expect(new Set(seen.map((r) => r.requestId)).size).toBe(1);
    expect(seen[0]!.requestId).toMatch(/^req_/);
    expect(seen.every((r) => r.attempt === 4)).toBe(true);
  });

  it("answers transient once the quick retries are spent, so the queue backs off", async () => {
    for (const fault of ["error=502", "status=502", "reset"]) {
      const subject = uniqueSubject();
      await injectFault(subject, fault);
      expect(await gatewayUpstream({ retries: 2 }).listRegistrations(subject, ctx)).toEqual({ ok: false, kind: "transient" });
      expect(await stubRequests(subject)).toHaveLength(3);
    }
  });

  it("never takes a listing that is not complete, or not of the subject asked, for a result", async () => {
    const subject = uniqueSubject();
    await injectFault(subject, "incomplete", { times: 3 });
    expect(await gatewayUpstream().listRegistrations(subject, ctx)).toEqual({ ok: false, kind: "transient" });
  });

  it("treats a refused token as a deployment fault (transient, logged), not as a result", async () => {
    const subject = uniqueSubject();
    const upstream = new HttpUpstream({ url: env.UPSTREAM_URL, token: "wrong-token", retryBaseMs: 5 });
    expect(await upstream.listRegistrations(subject, ctx)).toEqual({ ok: false, kind: "transient" });
  });
});

describe("http upstream: file integrity", () => {
  const ref = async () => ({ subjectName: RICH, certificateNumber: await firstCertificate(RICH) });

  it("catches a hash mismatch, buffered or streamed, and stores nothing when streaming", async () => {
    const upstream = gatewayUpstream({ headers: { "X-Stub-Fault": "hash-mismatch" } });
    expect(await storeFile(env.FILES, "test/http/mismatch-a", expectFile(await upstream.fetchCertificate(await ref(), ctx)))).toEqual({
      ok: false,
      reason: "hash_mismatch",
    });
    expect(await streamFile(env.FILES, "test/http/mismatch-b", expectFile(await upstream.fetchCertificate(await ref(), ctx)))).toEqual({
      ok: false,
      reason: "hash_mismatch",
    });
    expect(await env.FILES.head("test/http/mismatch-b")).toBeNull();
  });

  it("catches a truncated stream, buffered or streamed", async () => {
    const upstream = gatewayUpstream({ headers: { "X-Stub-Fault": "truncate" } });
    expect(await storeFile(env.FILES, "test/http/cut-a", expectFile(await upstream.fetchCertificate(await ref(), ctx)))).toEqual({
      ok: false,
      reason: "truncated",
    });
    expect(await streamFile(env.FILES, "test/http/cut-b", expectFile(await upstream.fetchCertificate(await ref(), ctx)))).toEqual({
      ok: false,
      reason: "truncated",
    });
    expect(await env.FILES.head("test/http/cut-b")).toBeNull();
  });

  it("reads the hash from an RFC 9530 Repr-Digest too", async () => {
    const r = await ref();
    const file = expectFile(await gatewayUpstream({ headers: { "X-Stub-Fault": "digest" } }).fetchCertificate(r, ctx));
    expect(file.sha256).toBe(await sha256Hex((await sandboxRegistry.certificatePdf(r.subjectName, r.certificateNumber))!));
  });
});

describe("http upstream: configuration and header parsing", () => {
  it("is what createUpstream builds for UPSTREAM=http, and says what is missing", () => {
    expect(createUpstream(env)).toBeInstanceOf(HttpUpstream);
    // worker/config.ts checks the settings (test/config.test.ts has the rest).
    expect(() => parseConfig({ UPSTREAM: "http", UPSTREAM_URL: "", UPSTREAM_TOKEN: "t" })).toThrow(/UPSTREAM_URL is required when UPSTREAM is http/);
    expect(() => parseConfig({ UPSTREAM: "http", UPSTREAM_URL: "gateway.internal", UPSTREAM_TOKEN: "t" })).toThrow(
      /UPSTREAM_URL must be an absolute http\(s\) URL/,
    );
    expect(() => parseConfig({ UPSTREAM: "http", UPSTREAM_URL: "https://gw.example", UPSTREAM_TOKEN: "" })).toThrow(
      /wrangler secret put UPSTREAM_TOKEN/,
    );
  });

  it("parses Retry-After, digests and file names", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    const hex = "9a73b17a80cb741b40e0750bf9eadeed89a6fce9961125eefe70e433900bb2ed";
    const base64 = btoa(String.fromCharCode(...hex.match(/../g)!.map((h) => parseInt(h, 16))));
    expect(claimedSha256(new Headers({ "Repr-Digest": `sha-512=:AAAA:, sha-256=:${base64}:` }))).toBe(hex);
    expect(claimedSha256(new Headers({ Digest: `SHA-256=${base64}` }))).toBe(hex);
    expect(claimedSha256(new Headers({ "X-Content-SHA256": "nothex" }))).toBeUndefined();
    expect(dispositionFileName(`attachment; filename="a.pdf"; filename*=UTF-8''%E5%8F%91%E7%A5%A8.pdf`)).toBe("发票.pdf");
    expect(dispositionFileName(`attachment; filename="a.pdf"`)).toBe("a.pdf");
  });
});
