/**
 * Round trip over the generated registry: generate → PDF → extract → parse, and every field equals the
 * generator's truth; the extracted page texts equal the layout's; the description spans rebuild the
 * description and map offsets back to pages. Over 200 certificates of every business type and
 * registration type, in both font set-ups.
 */
import { describe, expect, it } from "vitest";
import { descriptionFromSpans, descriptionOffsetToPage, parseCertificate } from "../worker/domain/certificate";
import { BUSINESS_TYPES } from "../worker/domain/certificate/vocabulary";
import { normalizeText } from "../worker/domain/text/normalize";
import { extractPdf } from "../worker/pdf/extract";
import { renderLaidOut, sandboxRegistry } from "../worker/upstream/sandbox";
import { CertificateSchema } from "../worker/schemas/certificate";

const SUBJECTS = [
  "上海华信商贸有限公司",
  "深圳宏达电子科技有限公司",
  "杭州瑞丰物流有限公司规模150",
  "北京测试科技有限公司",
  "110105199003071237",
  "苏州新源化工有限公司规模40",
];

const seen = { business: new Set<string>(), types: new Set<string>(), fonts: new Set<string>(), pages: new Set<number>(), total: 0 };

describe("certificate round trip", () => {
  it.each(SUBJECTS)("%s: every certificate reads back as generated", async (subject) => {
    for (const listed of sandboxRegistry.listing(subject)) {
      const found = sandboxRegistry.find(subject, listed.certificateNumber);
      if (!found) throw new Error(`no registration ${listed.certificateNumber}`);
      const pdf = await renderLaidOut(found);
      const truth = {
        certificate: found.certificate,
        pageTexts: found.layout.pageTexts,
        mentions: found.registration.mentions,
        font: found.registration.style.font,
      };
      const extracted = await extractPdf(pdf);
      if (!extracted.ok) throw new Error(`${listed.certificateNumber}: ${extracted.message}`);
      const texts = extracted.pages.map((p) => p.text);
      expect(texts, listed.certificateNumber).toEqual(truth.pageTexts);
      const parsed = parseCertificate(texts);
      expect(parsed.status).toBe("completed");
      expect(parsed.certificate, listed.certificateNumber).toEqual(truth.certificate);
      expect(CertificateSchema.safeParse(parsed.certificate).success).toBe(true);

      const c = truth.certificate;
      const spans = c.propertyDescriptionSpans ?? [];
      expect(descriptionFromSpans(spans, texts)).toBe(c.propertyDescription);
      // Every invoice number printed in the description maps back to where the page text prints it.
      for (const m of truth.mentions.filter((x) => x.source === "description")) {
        const printed = normalizeText(m.printed);
        const at = c.propertyDescription?.indexOf(printed) ?? -1;
        expect(at).toBeGreaterThanOrEqual(0);
        const first = descriptionOffsetToPage(spans, texts, at);
        expect(first && texts[first.pageNumber - 1]?.charAt(first.offset)).toBe(printed.charAt(0));
      }
      expect(listed.registerType).toBe(c.registerType);
      expect(listed.registerTime).toBe(c.registerTime);
      seen.business.add(c.businessTypeCode ?? "");
      seen.types.add(c.registerType ?? "");
      seen.fonts.add(truth.font);
      seen.pages.add(spans.length);
      seen.total++;
    }
  });

  it("covered every business type, registration type and font set-up, over 200 certificates", () => {
    expect(seen.total).toBeGreaterThanOrEqual(200);
    expect([...seen.business].sort()).toEqual(BUSINESS_TYPES.map((b) => b.code).sort());
    expect([...seen.types].sort()).toEqual(["cancellation", "change", "extension", "initial"]);
    expect([...seen.fonts].sort()).toEqual(["embedded", "stsong"]);
    // Descriptions on one, two and three pages: across one and two page breaks.
    expect([...seen.pages].sort()).toEqual(expect.arrayContaining([1, 2, 3]));
  });
});
