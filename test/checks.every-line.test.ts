/**
 * Every line of a certificate's pages is searched, whatever its reader keeps (issue 29, item 1): the
 * reader stops at the end mark ‹完› and drops lines it takes for the issuer's, yet an invoice number
 * printed there is evidence all the same. Only furniture found by place and repetition is left out.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";

const ISSUER = "中征动产融资登记服务有限责任公司";

function certificate(pages: string[]): SearchableDocument {
  return {
    id: "doc_cert",
    kind: "certificate",
    fileName: "41328547000007612020.pdf",
    mimeType: "application/pdf",
    sha256: "a".repeat(64),
    textStatus: "extracted",
    pages,
    readings: [],
  };
}

const decide = (invoice: string, pages: string[]) =>
  decideRegistration(compile([{ id: "crt_0", kind: "invoice_no", value: invoice }]), {
    registrationId: "reg_1",
    certificateNumber: "41328547000007612020",
    parseStatus: "completed",
    certificate: null,
    documents: [certificate(pages)],
    attachmentsComplete: true,
  });

describe("a certificate's lines the reader does not keep", () => {
  const pages = [
    `动产权属统一登记－初始登记\n登记证明编号：41328547000007612020\n财产描述：应收账款\n＜完＞\n另见发票号码 31050777 项下应收账款\n（发票号码 31050888 同）\n${ISSUER} 第 1 页 共 1 页`,
  ];

  it("finds an invoice number in the notes after the end mark, at its exact offsets", () => {
    const decision = decide("31050777", pages);
    expect(decision.matchStatus).toBe("matched");
    const evidence = decision.evidence[0]!;
    expect(evidence).toMatchObject({ pageNumber: 1, sourceField: "certificate_text" });
    expect(pages[0]!.slice(evidence.start, evidence.end)).toContain("31050777");
  });

  it("finds an invoice number on any later line after the end mark", () => {
    const decision = decide("31050888", pages);
    expect(decision.matchStatus).toBe("matched");
    expect(pages[0]!.slice(decision.evidence[0]!.start, decision.evidence[0]!.end)).toContain("31050888");
  });

  it("still never matches the page footer", () => {
    expect(decide("41328547000007612020", pages).evidence.every((e) => e.start < pages[0]!.indexOf("第 1 页"))).toBe(true);
  });
});
