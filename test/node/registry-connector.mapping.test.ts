/**
 * The connector's tables and readers on their own (services/registry-connector): each fault text the
 * replica plays lands on the outcome the docs' table says; the list's XML becomes the contract's
 * registrations with every value checked (a malformed time or an unknown type code is left out and kept
 * raw, never guessed); counts that disagree are a truncated list; zip names are GBK unless flagged UTF-8.
 */
import { describe, expect, it } from "vitest";
import { listingOfFeedback, outcomeOfErrorXml } from "../../services/registry-connector/feedback.mjs";
import { OUTCOME_ERRORS, outcomeOfFault, type Outcome } from "../../services/registry-connector/mappings.mjs";
import { errorZip, FAULT_TEXTS, listingZip } from "../../services/registry-connector/replica/answers.mjs";
import { writeZip } from "../../services/registry-connector/replica/zip-write.mjs";
import { readZip } from "../../services/registry-connector/zip-read.mjs";

const xmlOf = (zip: Uint8Array) => new TextDecoder().decode(readZip(zip)[0]!.bytes);

describe("fault texts", () => {
  const expected: Record<keyof typeof FAULT_TEXTS, Outcome> = {
    expiredToken: "relogin",
    loginRefused: "refused",
    cannotDecrypt: "misconfigured",
    busy: "busy",
    quarantined: "quarantined",
    unavailable: "unavailable",
    internal: "transient",
    missingCertificate: "missing",
  };
  for (const [name, outcome] of Object.entries(expected) as [keyof typeof FAULT_TEXTS, Outcome][]) {
    it(`${name} (${FAULT_TEXTS[name]}) → ${outcome} → ${OUTCOME_ERRORS[outcome].code}`, () => {
      expect(outcomeOfFault(FAULT_TEXTS[name])).toBe(outcome);
    });
  }

  it("an unknown text or none is a passing fault", () => {
    expect(outcomeOfFault("java.lang.NullPointerException")).toBe("transient");
    expect(outcomeOfFault(undefined)).toBe("transient");
  });

  it("an error zip's texts go through the same table", () => {
    expect(outcomeOfErrorXml(xmlOf(errorZip(FAULT_TEXTS.missingCertificate)))).toBe("missing");
    expect(outcomeOfErrorXml("<feedback/>")).toBe("transient");
  });
});

describe("the list's XML", () => {
  const registrations = [
    {
      certificateNumber: "41328547000007612020",
      registerType: "initial",
      registerTime: "2022-02-13T17:40:57+08:00",
      expiresAt: "2023-02-13",
      summary: { businessTypeCode: "A00200" },
    },
    {
      certificateNumber: "41328547000020622860",
      registerType: "extension",
      registerTime: "2025-03-25T15:49:00+08:00",
      expiresAt: "2028-08-02",
      summary: { businessTypeCode: "B00000" },
    },
    { certificateNumber: "41328547000035725990", registerType: "change", summary: { businessTypeCode: "A00200" } },
  ];

  it("lists every business type's results as the contract's registrations", () => {
    const listed = listingOfFeedback(xmlOf(listingZip(registrations)));
    expect(listed).toEqual({
      ok: true,
      registrations: [
        expect.objectContaining({
          certificateNumber: "41328547000007612020",
          registerType: "initial",
          registerTime: "2022-02-13T17:40:57+08:00",
          expiresAt: "2023-02-13",
        }),
        expect.objectContaining({ certificateNumber: "41328547000035725990", registerType: "change" }),
        expect.objectContaining({
          certificateNumber: "41328547000020622860",
          registerType: "extension",
          summary: expect.objectContaining({ businessTypeCode: "B00000", registerTypeCode: "03" }),
        }),
      ],
    });
  });

  it("leaves out a value that fails its check and keeps its raw text", () => {
    const xml = `<feedback><totalrows>1</totalrows><data><results><businesstype>A00200</businesstype><rows>1</rows>
      <result><registerno>41328547000007612020</registerno><registertime>2022/02/13</registertime><registertype>09</registertype></result>
      </results></data></feedback>`;
    const listed = listingOfFeedback(xml);
    expect(listed.ok && listed.registrations[0]).toEqual({
      certificateNumber: "41328547000007612020",
      summary: { businessTypeCode: "A00200", registerTypeCode: "09", registerTimeAsGiven: "2022/02/13" },
    });
  });

  it("is a truncated list when its counts disagree, never the part it holds", () => {
    expect(listingOfFeedback(xmlOf(listingZip(registrations, { truncate: true })))).toMatchObject({ ok: false, outcome: "unavailable" });
    const rowsDisagree = `<feedback><totalrows>2</totalrows><data><results><businesstype>A00200</businesstype><rows>2</rows>
      <result><registerno>41328547000007612020</registerno></result></results></data></feedback>`;
    expect(listingOfFeedback(rowsDisagree)).toMatchObject({ ok: false, outcome: "unavailable" });
  });

  it("an explicit zero is an empty list; no <feedback> is a passing fault", () => {
    expect(listingOfFeedback("<feedback><totalrows>0</totalrows><data></data></feedback>")).toEqual({ ok: true, registrations: [] });
    expect(listingOfFeedback("<html>proxy error</html>")).toMatchObject({ ok: false, outcome: "transient" });
  });
});

describe("zip names", () => {
  const bytes = new TextEncoder().encode("x");
  it("reads GBK names (no UTF-8 flag) and flagged UTF-8 names", () => {
    const names = ["41328547000007612020.pdf", "发票清单（第一批）.pdf", "应收账款转让合同.jpg"];
    const gbkZip = writeZip(names.map((name) => ({ name, bytes })));
    expect(readZip(gbkZip).map((f) => f.name)).toEqual(names);
    // 发票 in GBK (B7A2 C6B1), as the registry writes it: the name is not UTF-8 in the zip.
    const hex = Array.from(gbkZip, (b) => b.toString(16).padStart(2, "0")).join("");
    expect(hex).toContain("b7a2c6b1");
    expect(hex).not.toContain("e58f91e7a5a8");
    expect(
      readZip(
        writeZip(
          names.map((name) => ({ name, bytes })),
          { utf8Names: true },
        ),
      ).map((f) => f.name),
    ).toEqual(names);
  });

  it("refuses bytes that are not a zip", () => {
    expect(() => readZip(new TextEncoder().encode("<soap:Fault/>"))).toThrow();
  });
});
