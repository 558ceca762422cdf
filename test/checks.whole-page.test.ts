/**
 * Nothing on a page goes unsearched (issue 29, item 1): a check searches every page of the certificate,
 * whatever its reader made of them; the parsed fields only say where a hit lies (`sourceField`). The case
 * that made this rule: a property description running over five pages that the reader closed early (the
 * rest lost, no issue on the field, the certificate `completed`), with an invoice number printed in the
 * lost part. The certificate is generated (the sandbox's layout, drawn to PDF, extracted and parsed as the
 * pipeline does), the registration decided as the check step decides it.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { parseCertificate } from "../worker/domain/certificate";
import { extractPdf } from "../worker/pdf/extract";
import type { Certificate } from "../worker/schemas/certificate";
import { buildRegistration, layOut, renderLaidOut } from "../worker/upstream/sandbox";

const SUBJECT = "上海华信商贸有限公司规模30";
const LOST_INVOICE = "98765432";
/** Receivables items, enough to run the description over five pages. */
const ITEMS = 340;

/**
 * A certificate whose description lists ITEMS receivables, one invoice number among the last of them,
 * and a line break before a label word early on ("担保范围："), which today's reader takes for the next
 * field: the description it returns stops there, silently.
 */
async function longDescriptionCertificate() {
  const reg = buildRegistration(SUBJECT, 3, 30);
  reg.style = { ...reg.style, watermark: false, font: "embedded" };
  const items = Array.from({ length: ITEMS }, (_, k) => `第${k + 1}笔应收账款，金额人民币${k + 1}万元；`);
  items.splice(3, 0, "\n担保范围：");
  items.splice(ITEMS - 5, 0, `发票号码${LOST_INVOICE}；`);
  reg.certificate.propertyDescription = items.join("");
  const extracted = await extractPdf(await renderLaidOut(layOut(reg)));
  if (!extracted.ok) throw new Error(extracted.message);
  return { pages: extracted.pages, parsed: parseCertificate(extracted.pages) };
}

function certificateDoc(pages: ReadonlyArray<{ text: string }>): SearchableDocument {
  return {
    id: "doc_cert",
    kind: "certificate",
    fileName: "登记证明.pdf",
    mimeType: "application/pdf",
    sha256: "c".repeat(64),
    textStatus: "extracted",
    pages: pages.map((p) => p.text),
    readings: [],
  };
}

function decide(pages: Awaited<ReturnType<typeof longDescriptionCertificate>>["pages"], certificate: Certificate | null, parseStatus: string) {
  const matcher = compile([
    { id: "crt_lost", kind: "invoice_no", value: LOST_INVOICE },
    { id: "crt_absent", kind: "invoice_no", value: "13572468" },
  ]);
  const doc = { ...certificateDoc(pages), boxes: pages.map((p) => p.boxes ?? []) };
  return decideRegistration(matcher, {
    registrationId: "reg_1",
    certificateNumber: "x",
    parseStatus,
    certificate,
    documents: [doc],
    attachmentsComplete: true,
  });
}

/** The evidence's place, checked against the page text as served. */
function expectFoundOnPage(decision: ReturnType<typeof decide>, pages: ReadonlyArray<{ text: string }>) {
  expect(decision.matchStatus).toBe("matched");
  expect(decision.strength).toBe("invoice_match");
  expect(decision.matchedCriterionIds).toEqual(["crt_lost"]);
  const evidence = decision.evidence[0]!;
  const page = pages[evidence.pageNumber - 1]!.text;
  expect(evidence.pageNumber).toBe(pages.findIndex((p) => p.text.includes(LOST_INVOICE)) + 1);
  expect(evidence.start).toBe(page.indexOf(LOST_INVOICE));
  expect(evidence.end).toBe(page.indexOf(LOST_INVOICE) + LOST_INVOICE.length);
  expect(page.slice(evidence.start, evidence.end)).toBe(LOST_INVOICE);
  expect(evidence.pageRanges).toEqual([{ start: evidence.start, end: evidence.end }]);
  expect(evidence.snippet.slice(evidence.highlightRanges[0]!.start, evidence.highlightRanges[0]!.end)).toBe(LOST_INVOICE);
  return evidence;
}

describe("a description over five pages", () => {
  it("finds an invoice number printed on its fifth page, whatever the reader returned for the field", async () => {
    const { pages, parsed } = await longDescriptionCertificate();
    expect(pages).toHaveLength(5);
    expect(pages[4]!.text).toContain(LOST_INVOICE);
    const decision = decide(pages, parsed.certificate, "completed");
    expectFoundOnPage(decision, pages);
    expect(decision.coverageIssues).toEqual([]);
  });

  it("finds it when the reader kept only the first 64 characters of the description (the real failure's shape)", async () => {
    const { pages, parsed } = await longDescriptionCertificate();
    const cut = structuredClone(parsed.certificate!);
    const first = cut.propertyDescriptionSpans![0]!;
    cut.propertyDescription = cut.propertyDescription!.slice(0, 64);
    cut.propertyDescriptionSpans = [{ ...first, end: Math.min(first.end!, first.start! + 64) }];
    const decision = decide(pages, cut, "completed");
    const evidence = expectFoundOnPage(decision, pages);
    // Outside the description the reader returned: the certificate's text, and coverage stays complete.
    expect(evidence.sourceField).toBe("certificate_text");
    expect(decision.coverageIssues).toEqual([]);
    expect(decision.coverageReason).toBeNull();
  });

  it("calls a hit inside the description the reader returned property_description", async () => {
    const { pages, parsed } = await longDescriptionCertificate();
    const whole = structuredClone(parsed.certificate!);
    // The spans the layout printed (the reader's own may stop early): the hit on page 5 lies inside them.
    const onFifth = pages[4]!.text;
    whole.propertyDescriptionSpans = [
      ...(whole.propertyDescriptionSpans ?? []),
      { pageNumber: 5, start: onFifth.indexOf("第"), end: onFifth.indexOf(LOST_INVOICE) + LOST_INVOICE.length + 1 },
    ];
    expect(expectFoundOnPage(decide(pages, whole, "completed"), pages).sourceField).toBe("property_description");
  });

  it("finds it when the certificate's fields did not parse at all", async () => {
    const { pages } = await longDescriptionCertificate();
    const decision = decide(pages, null, "failed");
    expect(expectFoundOnPage(decision, pages).sourceField).toBe("certificate_text");
    expect(decision.coverageIssues).toEqual([{ code: "CERTIFICATE_UNPARSED", registrationId: "reg_1" }]);
  });
});
