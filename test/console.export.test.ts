/**
 * The check for the credit file (console-api.md, GET /checks/{id}/export): each format read back with
 * a reader of its own, not ours: the CSV by RFC 4180, the XLSX by SheetJS, the PDF by pdf.js (its text
 * per page and whether its fonts are embedded). For a complete check and for a partial one (pictures
 * the sandbox cannot read without OCR), and for an invoice number found only inside a printed range.
 */
import { read as readWorkbook, utils as sheetUtils, type WorkBook } from "@e965/xlsx";
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { describe, expect, it } from "vitest";
import { vocabulary } from "../worker/schemas/vocabulary-words";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { consoleCall, consoleUser, type ConsoleSession } from "./console-helpers";
import { body, expectError, idempotencyKey, newAccount, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "天津示例物流有限公司";
const NOT_EVIDENCE_EN = "A criterion not found is not evidence that there is no risk.";
const NOT_EVIDENCE_ZH = "未命中某一核查条件，并不证明不存在风险。";
const FOOTER_EN = "Coverage incomplete · a criterion not found is not evidence that there is no risk";
const FOOTER_ZH = "覆盖不完整 · 未命中某一条件并不证明不存在风险";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** RFC 4180 records of a CSV text (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) field += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      records.push([...record, field]);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

interface PdfRead {
  pages: string[];
  /** Every font the pages use, as pdf.js loaded it. */
  fonts: Array<{ name: string; missingFile: boolean }>;
}

async function readPdf(bytes: Uint8Array): Promise<PdfRead> {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(bytes);
  const pages: string[] = [];
  const fonts = new Map<string, { name: string; missingFile: boolean }>();
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
    const ops = await page.getOperatorList();
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.setFont) return;
      const loadedName = (ops.argsArray[i] as [string])[0];
      const font = page.commonObjs.get(loadedName) as { name: string; missingFile: boolean };
      fonts.set(loadedName, { name: font.name, missingFile: font.missingFile });
    });
  }
  await doc.destroy();
  return { pages, fonts: [...fonts.values()] };
}

function post(s: ConsoleSession, path: string, json: unknown): Promise<Response> {
  return consoleCall(s, path, { method: "POST", json, headers: { "Idempotency-Key": idempotencyKey() } });
}

/** A finished check of the subject for these criteria, through the console. */
async function finishedCheck(s: ConsoleSession, subject: string, criteria: Array<{ kind: string; value: string }>): Promise<string> {
  const res = await post(s, "/checks", { applicant: subject, criteria });
  expect(res.status).toBe(202);
  const check = await body<{ id: string; sourceRegistryQueryId: string }>(res);
  await waitForQuery(check.sourceRegistryQueryId, 60_000);
  await waitForCheck(check.id, 60_000);
  return check.id;
}

async function exported(s: ConsoleSession, checkId: string, query: string): Promise<Response> {
  const res = await consoleCall(s, `/checks/${checkId}/export?${query}`);
  expect(
    res.status,
    await res
      .clone()
      .text()
      .then((t) => t.slice(0, 200)),
  ).toBe(200);
  return res;
}

/** Invoice numbers printed on their own in the descriptions of the subject's first registrations. */
function invoiceNumbers(subject: string, count: number): string[] {
  const numbers: string[] = [];
  for (const registration of sandboxRegistry.listing(subject)) {
    const fresh = sandboxRegistry
      .invoiceMentionsOf(subject, registration.certificateNumber)
      .find((m) => m.source === "description" && m.range === null && /^\d+$/.test(m.printed) && !numbers.includes(m.number));
    if (fresh) numbers.push(fresh.number);
    if (numbers.length === count) break;
  }
  return numbers;
}

/** A subject whose description prints a range of invoice numbers, and a number strictly inside it (printed nowhere on its own). */
function rangeInside(): { subject: string; certificateNumber: string; number: string; printed: string } {
  for (let n = 0; n < 60; n++) {
    const subject = n === 0 ? SUBJECT : `号段示例${n}贸易有限公司`;
    for (const registration of sandboxRegistry.listing(subject)) {
      const mentions = sandboxRegistry.invoiceMentionsOf(subject, registration.certificateNumber);
      const ranged = mentions.find((m) => m.source === "description" && m.range !== null);
      if (!ranged?.range) continue;
      const inside = String(Number(ranged.range.start) + 1).padStart(ranged.range.start.length, "0");
      const everywhere = sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.invoiceNumbersOf(subject, r.certificateNumber));
      if (everywhere.includes(inside)) continue;
      return { subject, certificateNumber: registration.certificateNumber, number: inside, printed: `${ranged.range.start}…${ranged.range.end}` };
    }
  }
  throw new Error("no sandbox subject prints a range of invoice numbers");
}

const isPicture = (fileName: string) => /\.(jpg|png)$|扫描件/.test(fileName);
const attachmentsOf = (subject: string) =>
  sandboxRegistry.listing(subject).flatMap((r) => sandboxRegistry.find(subject, r.certificateNumber)?.registration.attachments ?? []);

/** A subject whose every file has a text layer (no picture, no scan): a check on it covers everything. */
function subjectAllText(): string {
  for (let n = 0; n < 60; n++) {
    const subject = `规模6导出示例${n}物流有限公司`;
    if (!attachmentsOf(subject).some((f) => isPicture(f.fileName)) && invoiceNumbers(subject, 2).length === 2) return subject;
  }
  throw new Error("no sandbox subject without pictures");
}

/** A subject whose registrations carry pictures: without OCR (OCR_URL is empty in these tests) a check on it is partial. */
function subjectWithPictures(): string {
  for (let n = 0; n < 40; n++) {
    const subject = `规模6扫描件测试${n}有限公司`;
    if (attachmentsOf(subject).some((f) => isPicture(f.fileName))) return subject;
  }
  throw new Error("no sandbox subject carries a picture");
}

const sheetRows = (book: WorkBook, name: string) => sheetUtils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, raw: true });

describe("the check's export for the credit file", () => {
  it("a complete check: CSV for machines, an XLSX with typed cells, a PDF with its summary first and its font embedded", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const subject = subjectAllText();
    const invoices = invoiceNumbers(subject, 2);
    const checkId = await finishedCheck(analyst, subject, [
      ...invoices.map((value) => ({ kind: "invoice_no", value })),
      { kind: "keyword", value: "=cmd" },
    ]);
    const check = await body<{ status: string; coverageComplete: boolean; sourceRegistryQueryId: string }>(
      await consoleCall(analyst, `/checks/${checkId}`),
    );
    expect(check.coverageComplete).toBe(true);
    const results = await body<{ items: Array<{ registration: { id: string; certificateNumber: string } }>; total: number }>(
      await consoleCall(analyst, `/checks/${checkId}/results?matchStatus=matched`),
    );
    const target = results.items[0]!.registration;
    expect(target.certificateNumber).toMatch(/^\d{20}$/);
    const reviewed = await consoleCall(analyst, `/checks/${checkId}/results/${target.id}/review`, {
      method: "PUT",
      json: { decision: "confirmed", note: "发票已在他行融资\n第二行" },
    });
    expect(reviewed.status).toBe(200);
    const all = await body<{ total: number }>(await consoleCall(analyst, `/checks/${checkId}/results`));

    // CSV: stable keys, the check on every row, codes, one time format with the reader's offset.
    const csvRes = await exported(analyst, checkId, "format=csv&lang=en&tz=America/New_York");
    expect(csvRes.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csvRes.headers.get("Content-Disposition")).toBe(`attachment; filename="check-${checkId}.csv"`);
    const csvBytes = new Uint8Array(await csvRes.arrayBuffer());
    expect([...csvBytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, ...records] = parseCsv(new TextDecoder().decode(csvBytes.slice(3)));
    expect(head).toEqual([
      "check_id",
      "check_status",
      "coverage_complete",
      "certificate_number",
      "registered_at",
      "secured_parties",
      "standing",
      "match_status",
      "matched_criteria",
      "strength",
      "system_decision",
      "manual_decision",
      "reviewer",
      "reviewed_at",
      "note",
    ]);
    expect(records.length).toBe(all.total);
    const col = (name: string) => head!.indexOf(name);
    for (const r of records) {
      expect(r.slice(0, 3)).toEqual([checkId, check.status, "true"]);
      expect(r[col("registered_at")]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[45]:00$/);
      expect(r[col("certificate_number")]).toMatch(/^\d{20}$/);
    }
    const row = records.find((r) => r[col("certificate_number")] === target.certificateNumber)!;
    expect(row[col("match_status")]).toBe("matched");
    // Where the registration stood when the check matched (the check step computes it from the chain).
    expect(["in_force", "expired", "cancelled", "unknown"]).toContain(row[col("standing")]);
    expect(row[col("manual_decision")]).toBe("confirmed");
    expect(row[col("reviewer")]).toBe(analyst.email);
    expect(row[col("reviewed_at")]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-05:00$/);
    expect(row[col("note")]).toBe("发票已在他行融资\n第二行");
    expect(row[col("system_decision")]).toBe("invoice_exact_match");
    // Nothing a spreadsheet would run as a formula.
    expect(records.every((r) => r.every((cell) => !/^[=+@]/.test(cell)))).toBe(true);

    // XLSX: a summary sheet, then results with numbers as text and times as dates.
    const xlsxRes = await exported(analyst, checkId, "format=xlsx&lang=en");
    expect(xlsxRes.headers.get("Content-Type")).toBe(XLSX_TYPE);
    expect(xlsxRes.headers.get("Content-Disposition")).toBe(`attachment; filename="check-${checkId}.xlsx"`);
    const book = readWorkbook(new Uint8Array(await xlsxRes.arrayBuffer()), { type: "array", cellNF: true });
    expect(book.SheetNames).toEqual(["Summary", "Results"]);
    const summary = new Map(sheetRows(book, "Summary").map((r) => [String(r[0]), r[1]]));
    expect(summary.get("Check ID")).toBe(checkId);
    expect(summary.get("Applicant")).toBe(subject);
    expect(summary.get("Criteria")).toBe(`Invoice number: ${invoices[0]}; Invoice number: ${invoices[1]}; Keyword: =cmd`);
    expect(summary.get("Source query")).toBe(check.sourceRegistryQueryId);
    expect(summary.get("Started by")).toBe(analyst.email);
    expect(summary.get("Status")).not.toMatch(/incomplete/i);
    expect(summary.get("Coverage")).toBe("Coverage is complete: every page of every file was searched.");
    const results_ = book.Sheets.Results!;
    const header = sheetRows(book, "Results")[0] as string[];
    expect(header.slice(0, 5)).toEqual(["Certificate number", "Registered", "Secured parties", "Standing", "Match"]);
    const rowCount = sheetRows(book, "Results").length - 1;
    expect(rowCount).toBe(all.total);
    for (let r = 2; r <= rowCount + 1; r++) {
      const number = results_[`A${r}`]!;
      expect(number.t).toBe("s");
      expect(String(number.v)).toMatch(/^\d{20}$/);
      const registered = results_[`B${r}`]!;
      expect(registered.t).toBe("n");
      expect(registered.z).toMatch(/yy.*mm.*dd.*hh/);
    }
    const createdCell = book.Sheets.Summary![`B${[...summary.keys()].indexOf("Created") + 1}`]!;
    expect(createdCell.t).toBe("n");
    const targetRow = sheetRows(book, "Results").findIndex((r) => r[0] === target.certificateNumber);
    // The standing in words, and the matched invoice numbers as text.
    expect(String(results_[`D${targetRow + 1}`]!.v).length).toBeGreaterThan(0);
    const matched = results_[`F${targetRow + 1}`]!;
    expect(matched.t).toBe("s");
    expect(invoices.some((n) => String(matched.v).includes(n))).toBe(true);

    // PDF: the summary on page 1, the font embedded (a subset: the file is small), no warning of incomplete coverage.
    const pdfRes = await exported(analyst, checkId, "format=pdf&lang=zh-CN");
    expect(pdfRes.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdfRes.headers.get("Content-Disposition")).toBe(`attachment; filename="check-${checkId}.pdf"`);
    const pdfBytes = new Uint8Array(await pdfRes.arrayBuffer());
    expect(pdfBytes.length).toBeLessThan(400_000);
    // pdf.js takes the bytes over (their buffer is detached): the raw text first.
    const raw = new TextDecoder("latin1").decode(pdfBytes);
    const pdf = await readPdf(pdfBytes);
    expect(pdf.pages.length).toBeGreaterThan(1);
    const first = pdf.pages[0]!;
    const status = `状态: ${(vocabulary("zh-CN").check as Record<string, string>)[check.status]}`;
    for (const fact of [checkId, subject, "核查条件", check.sourceRegistryQueryId, analyst.email, status, "覆盖完整"]) expect(first).toContain(fact);
    expect(first).not.toContain(target.certificateNumber);
    expect(pdf.pages.join("\n")).toContain(target.certificateNumber);
    expect(pdf.pages.join("\n")).toContain("发票已在他行融资");
    expect(pdf.pages.join("\n")).toContain("登记现状: ");
    expect(pdf.pages.every((p) => !p.includes(FOOTER_ZH))).toBe(true);
    expect(pdf.fonts.length).toBeGreaterThan(0);
    for (const font of pdf.fonts) expect(font, font.name).toMatchObject({ missingFile: false });
    // Set as a subset (its name tagged), a CID font with its bare CFF program (what the program is), never a TrueType claim.
    const has = (pattern: RegExp) => pattern.test(raw);
    expect(has(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular\s/)).toBe(true);
    expect(has(/\/Subtype \/CIDFontType0\s/)).toBe(true);
    expect(has(/\/Subtype \/CIDFontType0C\s/)).toBe(true);
    expect(has(/\/FontFile2\s/)).toBe(false);

    await expectError(await consoleCall(analyst, `/checks/${checkId}/export?format=docx`), 400, "VALIDATION_FAILED");
    await expectError(await consoleCall(analyst, `/checks/${checkId}/export?format=csv&tz=Mars/Olympus`), 400, "VALIDATION_FAILED", ["Mars/Olympus"]);
  });

  it("a partial check says so: every CSV row, the XLSX summary, the PDF's first page and every page's footer", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const subject = subjectWithPictures();
    // A keyword printed nowhere: no candidate awaits review, so the check ends partial, not review_pending.
    const checkId = await finishedCheck(analyst, subject, [{ kind: "keyword", value: "无此字样之关键词" }]);
    const check = await body<{ status: string; coverageComplete: boolean }>(await consoleCall(analyst, `/checks/${checkId}`));
    expect(check).toMatchObject({ status: "partial", coverageComplete: false });

    const [head, ...records] = parseCsv(
      new TextDecoder().decode(new Uint8Array(await (await exported(analyst, checkId, "format=csv")).arrayBuffer()).slice(3)),
    );
    expect(head!.slice(0, 3)).toEqual(["check_id", "check_status", "coverage_complete"]);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.slice(0, 3)).toEqual([checkId, "partial", "false"]);

    const book = readWorkbook(new Uint8Array(await (await exported(analyst, checkId, "format=xlsx&lang=en")).arrayBuffer()), { type: "array" });
    const summary = new Map(sheetRows(book, "Summary").map((r) => [String(r[0]), String(r[1])]));
    expect(summary.get("Status")).toBe("Partly completed (coverage incomplete)");
    expect(summary.get("Coverage")).toContain(NOT_EVIDENCE_EN);
    expect(summary.get("Coverage issues")).toMatch(/picture/);

    for (const [lang, notEvidence, footer, status] of [
      ["en", NOT_EVIDENCE_EN, FOOTER_EN, "Partly completed (coverage incomplete)"],
      ["zh-CN", NOT_EVIDENCE_ZH, FOOTER_ZH, "部分完成（覆盖不完整）"],
    ] as const) {
      const pdf = await readPdf(new Uint8Array(await (await exported(analyst, checkId, `format=pdf&lang=${lang}`)).arrayBuffer()));
      expect(pdf.pages.length).toBeGreaterThan(1);
      expect(pdf.pages[0]).toContain(notEvidence);
      expect(pdf.pages[0]).toContain(status);
      pdf.pages.forEach((text, i) => expect(text, `page ${i + 1}`).toContain(footer));
      for (const font of pdf.fonts) expect(font.missingFile).toBe(false);
    }
  });

  it("an invoice number found only inside a printed range is worded as a range hit in every format", async () => {
    const a = await newAccount();
    const analyst = await consoleUser(a.accountId, "analyst");
    const range = rangeInside();
    const checkId = await finishedCheck(analyst, range.subject, [{ kind: "invoice_no", value: range.number }]);

    const [head, ...records] = parseCsv(
      new TextDecoder().decode(new Uint8Array(await (await exported(analyst, checkId, "format=csv")).arrayBuffer()).slice(3)),
    );
    const hit = records.find((r) => r[head!.indexOf("certificate_number")] === range.certificateNumber)!;
    expect(hit[head!.indexOf("match_status")]).toBe("matched");
    expect(hit[head!.indexOf("system_decision")]).toBe("invoice_in_printed_range");

    const book = readWorkbook(new Uint8Array(await (await exported(analyst, checkId, "format=xlsx&lang=en")).arrayBuffer()), { type: "array" });
    const rows = sheetRows(book, "Results");
    const decision = (rows[0] as string[]).indexOf("System decision");
    const row = rows.find((r) => r[0] === range.certificateNumber)!;
    expect(row[decision]).toBe("Invoice number only inside a printed range (not printed on its own)");
    expect(rows.flat().join("\n")).not.toContain("matches exactly");

    const pdf = await readPdf(new Uint8Array(await (await exported(analyst, checkId, "format=pdf&lang=en")).arrayBuffer()));
    const text = pdf.pages.join("\n");
    expect(text).toContain("Invoice number only inside a printed range");
    expect(text).toContain(`${range.number} (inside the printed range`);
    expect(text).not.toContain("matches exactly");
  });
});
