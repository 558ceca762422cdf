/**
 * A certificate whose fields did not parse is still searched: its page text without the furniture
 * (worker/domain/check-matching.ts). The page texts are the sandbox generator's, as the extractor serves
 * them; the registration is decided as the check step decides it, with the certificate left unparsed.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { sandboxRegistry } from "../worker/upstream/sandbox";

const SUBJECT = "规模12证据定位测试有限公司";

/** A registration whose certificate prints an invoice number whole on one line of its description. */
function printedCertificate() {
  for (const { certificateNumber } of sandboxRegistry.listing(SUBJECT)) {
    const laid = sandboxRegistry.find(SUBJECT, certificateNumber)!;
    const mention = laid.registration.mentions.find(
      (m) => m.source === "description" && !m.range && laid.layout.pageTexts.some((t) => t.includes(m.number)),
    );
    if (mention) return { laid, number: mention.number };
  }
  throw new Error("no certificate prints a whole invoice number");
}

function certificateDoc(pages: string[], readings: SearchableDocument["readings"] = []): SearchableDocument {
  return {
    id: "doc_cert",
    kind: "certificate",
    fileName: "登记证明.pdf",
    mimeType: "application/pdf",
    sha256: "a".repeat(64),
    textStatus: "extracted",
    pages,
    readings,
  };
}

const criteria = (values: Array<["invoice_no" | "keyword", string]>) => compile(values.map(([kind, value], i) => ({ id: `crt_${i}`, kind, value })));

describe("a certificate whose fields did not parse", () => {
  it("is searched in its text: a hit is matched with certificate_text evidence and the issue stays", () => {
    const { laid, number } = printedCertificate();
    const pages = laid.layout.pageTexts;
    const decision = decideRegistration(
      criteria([
        ["invoice_no", number],
        ["invoice_no", "86420975"],
      ]),
      {
        registrationId: "reg_1",
        certificateNumber: "x",
        parseStatus: "failed",
        certificate: null,
        documents: [certificateDoc(pages)],
        attachmentsComplete: true,
      },
    );
    expect(decision.matchStatus).toBe("matched");
    expect(decision.strength).toBe("invoice_match");
    expect(decision.matchedCriterionIds).toEqual(["crt_0"]);
    expect(decision.coverageIssues).toEqual([{ code: "CERTIFICATE_UNPARSED", registrationId: "reg_1" }]);
    const evidence = decision.evidence[0]!;
    expect(evidence).toMatchObject({ sourceField: "certificate_text", termKind: "invoice_no", documentId: "doc_cert" });
    // Offsets are in the page text as served: slicing the page gives the number.
    expect(pages[evidence.pageNumber - 1]!.slice(evidence.start, evidence.end)).toBe(number);
    expect(evidence.snippet.slice(evidence.highlightRanges[0]!.start, evidence.highlightRanges[0]!.end)).toBe(number);
  });

  it("is unmatched, not pending, when its text was read and holds none of the numbers; pending when it has no text", () => {
    const { laid } = printedCertificate();
    const matcher = criteria([["invoice_no", "86420975"]]);
    const base = { registrationId: "reg_1", certificateNumber: "x", parseStatus: "failed", certificate: null, attachmentsComplete: true };
    const read = decideRegistration(matcher, { ...base, documents: [certificateDoc(laid.layout.pageTexts)] });
    expect(read).toMatchObject({ matchStatus: "unmatched", pendingReason: null, coverageReason: "CERTIFICATE_UNPARSED" });
    const unreadable = decideRegistration(matcher, { ...base, documents: [{ ...certificateDoc([]), textStatus: "unreadable", pages: null }] });
    expect(unreadable).toMatchObject({ matchStatus: "pending", pendingReason: "CERTIFICATE_UNPARSED" });
  });

  it("skips the page furniture: the issuer's name and page numbers are no hit, the same words in the body are", () => {
    const issuer = "中国人民银行征信中心";
    const pages = [
      `${issuer}\n动产融资统一登记公示系统 登记证明\n担保财产描述：应收账款，发票号码：12345678\n第 1 页 共 2 页`,
      `${issuer}\n补充说明：本合同由${issuer}备案\n第 2 页 共 2 页`,
    ];
    const decision = decideRegistration(
      criteria([
        ["keyword", issuer],
        ["invoice_no", "12345678"],
        ["keyword", "共 2 页"],
      ]),
      {
        registrationId: "reg_1",
        certificateNumber: "x",
        parseStatus: "failed",
        certificate: null,
        documents: [certificateDoc(pages)],
        attachmentsComplete: true,
      },
    );
    const hits = decision.evidence.map((e) => ({
      criterionId: e.criterionId,
      page: e.pageNumber,
      text: pages[e.pageNumber - 1]!.slice(e.start, e.end),
    }));
    expect(hits).toEqual([
      { criterionId: "crt_1", page: 1, text: "12345678" },
      { criterionId: "crt_0", page: 2, text: issuer },
    ]);
    expect(hits.find((h) => h.page === 2)).toBeDefined();
    // The body's mention of the issuer is the one on its second line, not the running header.
    const second = decision.evidence.find((e) => e.criterionId === "crt_0")!;
    expect(second.start).toBeGreaterThan(pages[1]!.indexOf("\n"));
  });

  it("marks OCR'd certificate text read with low confidence, and keeps the issue", () => {
    const pages = ["登记证明\n担保财产描述：发票号码 12345678"];
    const lineStart = pages[0]!.indexOf("担保");
    const decision = decideRegistration(criteria([["invoice_no", "12345678"]]), {
      registrationId: "reg_1",
      certificateNumber: "x",
      parseStatus: "failed",
      certificate: null,
      attachmentsComplete: true,
      documents: [certificateDoc(pages, [{ width: 1000, height: 1400, rotation: 0, source: "ocr", lowConfidence: [[lineStart, pages[0]!.length]] }])],
    });
    expect(decision.evidence[0]).toMatchObject({ sourceField: "ocr_text_low_confidence" });
    expect(decision.coverageIssues.map((i) => i.code)).toEqual(["CERTIFICATE_UNPARSED", "OCR_LOW_CONFIDENCE"]);
    expect(decision.matchStatus).toBe("matched");
  });
});
