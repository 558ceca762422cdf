/**
 * Layout variants of certificate-format.md the parser must survive, each forced on a generated
 * certificate and read back through the real PDF: justified labels, separate runs, grouped numbers, ASCII
 * colons, values on the next line, a rotated watermark, a description over two page breaks, missing
 * blocks, non-embedded STSong-Light; and files that must fail cleanly (image-only, truncated, garbage).
 */
import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { descriptionFromSpans, descriptionOffsetToPage, parseCertificate } from "../worker/domain/certificate";
import { normalizeText } from "../worker/domain/text/normalize";
import { extractPdf } from "../worker/pdf/extract";
import { writeEmbeddedPdf } from "../worker/pdf/write-embedded";
import { buildRegistration, layOut, renderLaidOut, type GeneratedRegistration, type RenderStyle } from "../worker/upstream/sandbox";
import { generateDescription } from "../worker/upstream/sandbox/descriptions";
import { greyPng } from "../worker/upstream/sandbox/images";
import { Rng } from "../worker/upstream/sandbox/prng";
import type { Certificate } from "../worker/schemas/certificate";

const SUBJECT = "上海华信商贸有限公司规模30";

/** Registration `index` with style overrides and certificate changes, printed and read back. */
async function roundTrip(index: number, style: Partial<RenderStyle>, change: (c: Certificate) => void = () => {}) {
  const reg: GeneratedRegistration = buildRegistration(SUBJECT, index, 30);
  reg.style = { ...reg.style, ...style };
  change(reg.certificate);
  const laid = layOut(reg);
  const pdf = await renderLaidOut(laid);
  const extracted = await extractPdf(pdf);
  if (!extracted.ok) throw new Error(extracted.message);
  const texts = extracted.pages.map((p) => p.text);
  return { laid, pdf, texts, parsed: parseCertificate(texts) };
}

const plain: Partial<RenderStyle> = {
  spacedLabels: false,
  separateRuns: false,
  valueOnNextLine: false,
  groupedNumber: false,
  watermark: false,
  colon: "：",
  font: "embedded",
};

describe("layout variants read back exactly", () => {
  it("labels justified with spaces between their characters", async () => {
    const r = await roundTrip(0, { ...plain, spacedLabels: true });
    expect(r.texts[0]).toContain("登 记 时 间：");
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("label and value in separate text runs, without a colon", async () => {
    const r = await roundTrip(1, { ...plain, separateRuns: true });
    expect(r.texts[0]).toMatch(/^登记时间 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/m);
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("label alone on its line, value on the next", async () => {
    const r = await roundTrip(2, { ...plain, valueOnNextLine: true });
    expect(r.texts.join("\n")).toMatch(/财产描述：\n/);
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("certificate number in groups of four digits, ASCII colons", async () => {
    const r = await roundTrip(3, { ...plain, groupedNumber: true, colon: ":" });
    expect(r.texts[0]).toMatch(/^登记证明编号:\d{4} \d{4} \d{4} \d{4} \d{4}$/m);
    expect(r.parsed.certificate?.certificateNumber).toMatch(/^\d{20}$/);
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("drops a watermark drawn rotated across the text", async () => {
    const r = await roundTrip(4, { ...plain, watermark: true });
    const doc = await getDocumentProxy(r.pdf.slice());
    const items = (await (await doc.getPage(1)).getTextContent()).items as { str: string; transform: number[] }[];
    await doc.destroy();
    const rotated = items.filter((i) => Math.abs(i.transform[1] ?? 0) > 0.01);
    expect(rotated.map((i) => i.str).join("")).toBe(r.laid.registration.style.issuer);
    expect(r.texts).toEqual(r.laid.layout.pageTexts);
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("joins a description over two page breaks without page furniture, and maps offsets back", async () => {
    let description = "";
    const r = await roundTrip(5, plain, (c) => {
      const long = generateDescription(new Rng(5), "A00100", "上海华信商贸有限公司", "杭州瑞丰物流有限公司", "long").text;
      description = long.repeat(3).slice(0, 3990);
      c.propertyDescription = description;
    });
    const c = r.parsed.certificate;
    // Printed full-width digits are read as ASCII digits (worker/domain/text/normalize.ts).
    description = normalizeText(description);
    expect(c?.propertyDescription).toBe(description);
    expect(c?.propertyDescriptionSpans?.map((s) => s.pageNumber)).toEqual([1, 2, 3]);
    expect(c?.propertyDescriptionPage).toBe(1);
    expect(descriptionFromSpans(c?.propertyDescriptionSpans ?? [], r.texts)).toBe(description);
    expect(c?.propertyDescription).not.toMatch(/第 \d+ 页|中征|征信中心|\d{20}$/);
    // The character right after page 1's piece is the first of page 2's piece.
    const firstSpan = c?.propertyDescriptionSpans?.[0];
    const page1Piece = r.texts[0]?.slice(firstSpan?.start ?? 0, firstSpan?.end ?? 0).replace(/\n/g, "") ?? "";
    const next = descriptionOffsetToPage(c?.propertyDescriptionSpans ?? [], r.texts, page1Piece.length);
    expect(next).toEqual({ pageNumber: 2, offset: c?.propertyDescriptionSpans?.[1]?.start });
    expect(descriptionOffsetToPage(c?.propertyDescriptionSpans ?? [], r.texts, description.length + 1)).toBeNull();
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("reads certificates with the optional blocks missing, and flags missing expected fields", async () => {
    const r = await roundTrip(6, plain, (c) => {
      Object.assign(c, {
        preparer: null,
        originalRegistration: null,
        securedScope: null,
        securityType: null,
        maximumClaimAmount: null,
        maximumClaimCurrency: null,
        performanceStartDate: null,
        performanceEndDate: null,
        performancePeriodText: null,
        propertyValue: null,
        propertyValueCurrency: null,
        propertyUniqueCode: null,
        securityContractNumber: null,
        declaredAttachments: [],
        registrationMonths: null,
        expiresAt: null,
      });
    });
    const issues = r.parsed.issues.filter((i) => i.code === "MISSING_FIELD").map((i) => i.field);
    expect(issues).toEqual(["registrationMonths", "expiresAt"]);
    expect(r.parsed.status).toBe("completed");
    expect(r.parsed.certificate).toEqual({ ...r.laid.certificate, issues: r.parsed.issues });
    expect(r.parsed.certificate?.preparer).toBeNull();
    expect(r.parsed.certificate?.originalRegistration).toBeNull();
  });

  it("reads a certificate set in non-embedded STSong-Light (UniGB-UCS2-H) through the bundled CMaps", async () => {
    const r = await roundTrip(7, { ...plain, font: "stsong" });
    expect(new TextDecoder("latin1").decode(r.pdf)).toContain("/BaseFont /STSong-Light");
    expect(new TextDecoder("latin1").decode(r.pdf)).not.toContain("/FontFile");
    expect(r.texts).toEqual(r.laid.layout.pageTexts);
    expect(r.parsed.certificate).toEqual(r.laid.certificate);
  });

  it("without the CMaps the same file has no readable text, and that is never a successful parse", async () => {
    const r = await roundTrip(7, { ...plain, font: "stsong" });
    const doc = await getDocumentProxy(r.pdf.slice(), { useWorkerFetch: false, verbosity: 0 });
    const texts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      texts.push((content.items as { str?: string }[]).map((i) => i.str ?? "").join(""));
    }
    await doc.destroy();
    expect(texts.join("")).not.toContain("登记证明编号");
    expect(parseCertificate(texts).status).toBe("failed");
  });
});

describe("files that are not readable certificates fail cleanly", () => {
  it("an image-only (scanned) PDF extracts as empty pages and parses as failed: NO_TEXT_LAYER", async () => {
    const pdf = await writeEmbeddedPdf([{ width: 595, height: 842, runs: [], images: [{ png: greyPng(64) }] }], { title: "scan", date: new Date(0) });
    const extracted = await extractPdf(pdf);
    expect(extracted).toEqual({
      ok: true,
      pageCount: 1,
      generator: { producer: "registry-check-api sandbox", creator: null },
      pages: [{ text: "", boxes: [], width: 595, height: 842, rotation: 0 }],
    });
    const parsed = parseCertificate([""]);
    const issues = [{ code: "NO_TEXT_LAYER", field: null, rawValue: null, pageNumber: null }];
    expect(parsed).toMatchObject({ status: "failed", issues, certificate: { certificateNumber: null, propertyDescription: null, issues } });
  });

  it("truncated, garbage and empty bytes are corrupt, never a throw", async () => {
    const { pdf } = await roundTrip(0, plain);
    for (const cut of [0.1, 0.6, 0.99]) {
      const r = await extractPdf(pdf.slice(0, Math.floor(pdf.length * cut)));
      expect(r.ok ? "ok" : r.reason).toBe("corrupt");
    }
    const garbage = new TextEncoder().encode("%PDF-1.7\nthis is not a pdf body at all\n%%EOF\n");
    for (const bytes of [garbage, new Uint8Array(0), new Uint8Array(5000).fill(7)]) {
      const r = await extractPdf(bytes);
      expect(r.ok ? "ok" : r.reason).toBe("corrupt");
    }
  });
});
