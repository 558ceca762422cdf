/**
 * The sandbox upstream adapter: determinism, every scenario marker of sandbox-upstream.md, registration
 * chains, parties with valid credit codes, attachments, and fixtures overriding generation.
 */
import { normalizeText } from "../worker/domain/text/normalize";
import { describe, expect, it } from "vitest";
import { parseCertificate } from "../worker/domain/certificate";
import { extractPdf } from "../worker/pdf/extract";
import { MemoryFixtureStore, sandboxRegistry, SandboxUpstream } from "../worker/upstream/sandbox";
import { identityNumberCheckChar, isValidCreditCode } from "../worker/upstream/sandbox/identifiers";
import type { FileResult, UpstreamRegistration } from "../worker/upstream/types";

const ctx = { attempt: 1 };

async function bytesOf(result: FileResult): Promise<Uint8Array> {
  if (!result.ok) throw new Error(`expected a file, got ${result.kind}`);
  return result.body instanceof Uint8Array ? result.body : new Uint8Array(await new Response(result.body).arrayBuffer());
}

async function sha256(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function list(adapter: SandboxUpstream, subject: string, attempt = 1): Promise<UpstreamRegistration[]> {
  const r = await adapter.listRegistrations(subject, { attempt });
  if (!r.ok) throw new Error(r.kind);
  return r.registrations;
}

describe("generated registry", () => {
  it("is deterministic per subject name, down to the certificate bytes", async () => {
    const [a, b] = [new SandboxUpstream(), new SandboxUpstream()];
    const subject = "宁波恒通贸易有限公司";
    const la = await list(a, subject);
    expect(await list(b, subject)).toEqual(la);
    expect(la.length).toBeGreaterThanOrEqual(1);
    expect(la.length).toBeLessThanOrEqual(12);
    const ref = { subjectName: subject, certificateNumber: la[0]?.certificateNumber ?? "" };
    expect(await sha256(await bytesOf(await a.fetchCertificate(ref, ctx)))).toBe(await sha256(await bytesOf(await b.fetchCertificate(ref, ctx))));
    expect(await list(a, "宁波恒通贸易有限公司X")).not.toEqual(la);
  });

  it("gives unmarked names 1 to 12 registrations, with 20-digit numbers", () => {
    const counts = Array.from({ length: 60 }, (_, i) => sandboxRegistry.count(`测试企业${i}有限公司`));
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(12);
    for (const r of sandboxRegistry.listing("测试企业1有限公司")) expect(r.certificateNumber).toMatch(/^\d{20}$/);
  });

  it("chains change, extension and cancellation to their initial registration", () => {
    const listing = sandboxRegistry.listing("上海华信商贸有限公司规模200");
    const byNumber = new Map(listing.map((r) => [r.certificateNumber, r]));
    const types = new Set<string>();
    listing.forEach((r, i) => {
      const initial = String(r.summary.initialCertificateNumber);
      types.add(r.registerType ?? "");
      if (r.registerType === "initial") return expect(initial).toBe(r.certificateNumber);
      const head = byNumber.get(initial);
      expect(head?.registerType).toBe("initial");
      expect((head?.registerTime ?? "") < (r.registerTime ?? "")).toBe(true);
      // A cancellation closes its chain.
      const next = listing[i + 1];
      if (r.registerType === "cancellation" && next) expect(next.summary.initialCertificateNumber).not.toBe(initial);
    });
    expect([...types].sort()).toEqual(["cancellation", "change", "extension", "initial"]);
  });

  it("prints the subject as a debtor beside secured parties with valid credit codes", () => {
    const subject = "上海华信商贸有限公司规模20";
    for (const r of sandboxRegistry.describe(subject).registrations) {
      const parties = r.certificate.parties ?? [];
      expect(parties.find((p) => p.role === "debtor")?.name).toBe(subject);
      expect(parties.some((p) => p.role === "secured_party")).toBe(true);
      for (const p of parties) {
        const code = p.unifiedSocialCreditCode ?? p.details?.unclassifiedIdentifiers[0]?.value;
        if (code) expect(isValidCreditCode(code), code).toBe(true);
      }
    }
    const id = `11010519900307123${identityNumberCheckChar("11010519900307123")}`;
    const person = sandboxRegistry.describe(id).registrations[0]?.certificate.parties?.[0];
    expect(person).toMatchObject({ role: "debtor", typeCode: "04", personalIdentityNumber: id });
  });

  it("states the invoice numbers each registration prints, in every printed form", () => {
    const subject = "杭州瑞丰物流有限公司规模60";
    const forms = new Set<string>();
    for (const r of sandboxRegistry.describe(subject).registrations) {
      const number = r.certificate.certificateNumber ?? "";
      const description = sandboxRegistry.propertyDescriptionOf(subject, number) ?? "";
      for (const m of r.mentions) {
        forms.add(m.form);
        // The certificate states what is read: printed full-width digits come back as ASCII digits.
        if (m.source === "description") expect(description).toContain(normalizeText(m.printed));
        expect(m.number).toMatch(/^(\d{8}|\d{20})$/);
      }
      expect(sandboxRegistry.invoiceNumbersOf(subject, number)).toEqual([...new Set(r.mentions.map((m) => m.number))]);
    }
    expect([...forms].sort()).toEqual(["coded10", "coded12", "digital20", "full_width", "grouped", "no_list", "range", "separated_list"]);
  });

  it("serves attachments: PDF invoice lists whose text lists the numbers, and PNG / JPEG images", async () => {
    const adapter = new SandboxUpstream();
    const subject = "杭州瑞丰物流有限公司规模120";
    const seen = new Set<string>();
    for (const r of sandboxRegistry.describe(subject).registrations) {
      const ref = { subjectName: subject, certificateNumber: r.certificate.certificateNumber ?? "" };
      const listed = await adapter.listAttachments(ref, ctx);
      expect(listed).toEqual({ ok: true, attachments: r.attachments });
      expect(r.certificate.declaredAttachments?.map((a) => a.fileName)).toEqual(r.attachments.map((a) => a.fileName));
      for (const a of r.attachments) {
        if (seen.has(a.mimeType)) continue;
        seen.add(a.mimeType);
        const bytes = await bytesOf(await adapter.fetchAttachment(ref, a.fileName, ctx));
        if (a.mimeType === "image/png") expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
        if (a.mimeType === "image/jpeg") expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        if (a.mimeType === "application/pdf") {
          const text = await extractPdf(bytes);
          const all = text.ok ? text.pages.map((p) => p.text).join("\n") : "";
          const numbers = r.mentions.filter((m) => typeof m.source === "object" && m.source.attachment === a.fileName);
          expect(numbers.length).toBeGreaterThan(0);
          for (const m of numbers) expect(all).toContain(m.number);
        }
      }
      expect((await adapter.fetchAttachment(ref, "nope.pdf", ctx)).ok).toBe(false);
    }
    expect([...seen].sort()).toEqual(["application/pdf", "image/jpeg", "image/png"]);
  });
});

describe("scenario markers", () => {
  const adapter = new SandboxUpstream({ slowCallMs: 30 });

  it("无登记: an explicit, complete empty list", async () => {
    expect(await adapter.listRegistrations("甲公司无登记", ctx)).toEqual({ ok: true, registrations: [], sourceStatus: "available" });
  });

  it("不可用: the list cannot be obtained", async () => {
    expect(await adapter.listRegistrations("甲公司不可用", ctx)).toEqual({ ok: false, kind: "unavailable" });
  });

  it("隔离: listed as quarantined, its files handed to the service (the open API refuses to hand them on)", async () => {
    const r = await adapter.listRegistrations("甲公司隔离", ctx);
    expect(r.ok && r.sourceStatus).toBe("quarantined");
    const number = r.ok ? (r.registrations[0]?.certificateNumber ?? "") : "";
    const certificate = await adapter.fetchCertificate({ subjectName: "甲公司隔离", certificateNumber: number }, ctx);
    expect(certificate.ok && certificate.mimeType).toBe("application/pdf");
    expect((await adapter.listAttachments({ subjectName: "甲公司隔离", certificateNumber: number }, ctx)).ok).toBe(true);
  });

  it("部分: some certificates missing, exactly one corrupt, the rest parse", async () => {
    const subject = "甲公司部分";
    const fates: string[] = [];
    for (const r of await list(adapter, subject)) {
      const file = await adapter.fetchCertificate({ subjectName: subject, certificateNumber: r.certificateNumber }, ctx);
      if (!file.ok) {
        fates.push(file.kind);
        continue;
      }
      const extracted = await extractPdf(await bytesOf(file));
      if (!extracted.ok) fates.push(extracted.reason);
      else fates.push(parseCertificate(extracted.pages.map((p) => p.text)).status);
    }
    expect(fates.filter((f) => f === "corrupt")).toHaveLength(1);
    expect(fates.filter((f) => f === "missing").length).toBeGreaterThanOrEqual(1);
    expect(fates.filter((f) => f === "completed").length).toBeGreaterThanOrEqual(1);
    expect(fates.length).toBeGreaterThanOrEqual(3);
  });

  it("排队: busy on attempts 1 and 2, listed on attempt 3", async () => {
    expect(await adapter.listRegistrations("甲公司排队", { attempt: 1 })).toEqual({ ok: false, kind: "busy", retryAfterSeconds: 1 });
    expect(await adapter.listRegistrations("甲公司排队", { attempt: 2 })).toEqual({ ok: false, kind: "busy", retryAfterSeconds: 1 });
    expect((await adapter.listRegistrations("甲公司排队", { attempt: 3 })).ok).toBe(true);
  });

  it("规模N: exactly N registrations; registration i is fetched without building the list", async () => {
    expect(await list(adapter, "甲公司规模1")).toHaveLength(1);
    expect(await list(adapter, "规模37甲公司")).toHaveLength(37);
    const big = await list(adapter, "甲公司规模5000");
    expect(big).toHaveLength(5000);
    expect(new Set(big.map((r) => r.certificateNumber)).size).toBe(5000);
    const last = big[4999]?.certificateNumber ?? "";
    const started = Date.now();
    const file = await adapter.fetchCertificate({ subjectName: "甲公司规模5000", certificateNumber: last }, ctx);
    expect(file.ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(sandboxRegistry.count("甲公司规模5001")).toBeLessThanOrEqual(12);
  });

  it("文字层: every attachment a text-layer PDF printing its numbers, the scans' rows included", async () => {
    const subject = "杭州瑞丰物流有限公司规模60文字层";
    const registrations = sandboxRegistry.describe(subject).registrations;
    const attachments = registrations.flatMap((r) => r.attachments.map((a) => ({ r, a })));
    expect(attachments.length).toBeGreaterThan(20);
    expect(attachments.every(({ a }) => a.mimeType === "application/pdf")).toBe(true);
    expect(registrations.flatMap((r) => r.mentions).some((m) => m.needsOcr)).toBe(false);
    // The pictures and the image-only PDF the plan draws are there, as text: one of each is read back.
    for (const name of ["现场照片.pdf", "仓单扫描件.pdf", "发票清单扫描件.pdf"]) {
      const found = attachments.find(({ a }) => a.fileName === name);
      if (!found) throw new Error(`no ${name} among ${subject}'s attachments`);
      const ref = { subjectName: subject, certificateNumber: found.r.certificate.certificateNumber ?? "" };
      const text = await extractPdf(await bytesOf(await adapter.fetchAttachment(ref, name, ctx)));
      const all = text.ok ? text.pages.map((p) => p.text).join("\n") : "";
      const numbers = found.r.mentions.filter((m) => typeof m.source === "object" && m.source.attachment === name);
      expect(numbers.length).toBeGreaterThan(0);
      for (const m of numbers) expect(all).toContain(m.number);
    }
  });

  it("慢: every call waits slowCallMs, and an aborted call ends early as transient", async () => {
    let started = Date.now();
    expect((await adapter.listRegistrations("甲公司慢", ctx)).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const controller = new AbortController();
    const slow = new SandboxUpstream({ slowCallMs: 60_000 });
    started = Date.now();
    const pending = slow.listRegistrations("甲公司慢", { attempt: 1, signal: controller.signal });
    controller.abort();
    expect(await pending).toEqual({ ok: false, kind: "transient" });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("unknown certificate numbers are missing", async () => {
    const ref = { subjectName: "宁波恒通贸易有限公司", certificateNumber: "00000000000000000000" };
    expect(await adapter.fetchCertificate(ref, ctx)).toEqual({ ok: false, kind: "missing" });
  });
});

describe("fixtures override generation", () => {
  it("returns exactly the fixture list; uploaded files are served, the others are missing", async () => {
    const store = new MemoryFixtureStore();
    const adapter = new SandboxUpstream({ fixtures: store });
    const uploaded =
      (await sandboxRegistry.certificatePdf("宁波恒通贸易有限公司", sandboxRegistry.listing("宁波恒通贸易有限公司")[0]?.certificateNumber ?? "")) ??
      new Uint8Array();
    store.subjects.set("夹具公司无登记", {
      registrations: [
        { certificateNumber: "11111111111111111111", registerType: "initial", registerTime: "2024-01-02T03:04:05+08:00" },
        { certificateNumber: "22222222222222222222" },
      ],
    });
    store.certificates.set("11111111111111111111", uploaded);
    store.putAttachment("11111111111111111111", "清单.pdf", uploaded, "application/pdf");
    const listing = await adapter.listRegistrations("夹具公司无登记", ctx);
    expect(listing).toEqual({
      ok: true,
      sourceStatus: "available",
      registrations: [
        { certificateNumber: "11111111111111111111", registerType: "initial", registerTime: "2024-01-02T03:04:05+08:00", summary: {} },
        { certificateNumber: "22222222222222222222", summary: {} },
      ],
    });
    const ref = (n: string) => ({ subjectName: "夹具公司无登记", certificateNumber: n });
    expect(await bytesOf(await adapter.fetchCertificate(ref("11111111111111111111"), ctx))).toEqual(uploaded);
    expect(await adapter.fetchCertificate(ref("22222222222222222222"), ctx)).toEqual({ ok: false, kind: "missing" });
    expect(await adapter.listAttachments(ref("11111111111111111111"), ctx)).toEqual({
      ok: true,
      attachments: [{ fileName: "清单.pdf", mimeType: "application/pdf" }],
    });
    expect((await adapter.fetchAttachment(ref("11111111111111111111"), "清单.pdf", ctx)).ok).toBe(true);
    expect(await adapter.listAttachments(ref("22222222222222222222"), ctx)).toEqual({ ok: true, attachments: [] });
  });

  it("honours the fixture modes unavailable and quarantined", async () => {
    const store = new MemoryFixtureStore();
    const adapter = new SandboxUpstream({ fixtures: store });
    store.subjects.set("甲", { registrations: [{ certificateNumber: "11111111111111111111" }], mode: "unavailable" });
    store.subjects.set("乙", { registrations: [{ certificateNumber: "11111111111111111111" }], mode: "quarantined" });
    store.certificates.set("11111111111111111111", new Uint8Array([1]));
    expect(await adapter.listRegistrations("甲", ctx)).toEqual({ ok: false, kind: "unavailable" });
    const q = await adapter.listRegistrations("乙", ctx);
    expect(q.ok && q.sourceStatus).toBe("quarantined");
    const certificate = await adapter.fetchCertificate({ subjectName: "乙", certificateNumber: "11111111111111111111" }, ctx);
    expect(certificate.ok && certificate.body).toEqual(new Uint8Array([1]));
  });
});
