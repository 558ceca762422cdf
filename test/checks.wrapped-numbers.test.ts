/**
 * A number the page wraps over a line break outside the property description (issue 29, item 1): "044178"
 * at the end of a line that reaches its column's right edge and "56" at the start of the next is
 * 04417856, found with exact offsets in the page text as served. And the other side: "1234" ending one
 * table row and "5678" starting the next, in other cells, or "2468" on a short line above "1357", are two
 * numbers, never 12345678 or 24681357. Where the page fits a wrap but cannot confirm it ("975" / "31864" in a narrow cell
 * whose right edge no other line shows), the number is found as evidence to look at, not an invoice match.
 * The pages are drawn as text runs (STSong-Light, CJK one em, digits half an em), written to PDF and
 * extracted as the pipeline does; the same note and table rows as OCR lines with their boxes go the same way.
 */
import { describe, expect, it } from "vitest";
import { compile, decideRegistration, type SearchableDocument } from "../worker/domain/check-matching";
import { A4, type PageDrawing, type TextRun } from "../worker/pdf/drawing";
import { ocrPageText } from "../worker/ocr/page-text";
import type { OcrLine } from "../worker/ocr/schema";
import { extractPdf, type PdfPage } from "../worker/pdf/extract";
import { writeStSongPdf } from "../worker/pdf/write-stsong";
import type { TextBox } from "../worker/domain/text/page";

const SIZE = 10.5;
const LEFT = 72;
/** The note's measure: 40 full-width characters. */
const MEASURE_EM = 40;
const PITCH = SIZE * 1.5;
const TOP = A4.height - 90;
const SECOND_COLUMN = 300;

const FILLER = "本公司已将对债务人享有的应收账款及其从权利全部转让予保理商特此通知各方知悉并予以配合";
const filler = (n: number) => FILLER.repeat(Math.ceil(n / FILLER.length)).slice(0, n);

/** Width in ems as STSong-Light sets it: ASCII half an em, the rest one. */
const ems = (text: string) => [...text].reduce((w, ch) => w + (ch.charCodeAt(0) < 0x7f ? 0.5 : 1), 0);

const run = (text: string, x: number, line: number): TextRun => ({ text, x, y: TOP - line * PITCH, size: SIZE });

/** A note set to the measure, its lines broken where the next character (or 4-digit group) no longer fits. */
const NOTE = [filler(MEASURE_EM), `${filler(33)}发票号码044178`, `56，${filler(38)}`, `${filler(32)}2444 2000 0000`, "0012 3456，特此通知。"];

const pages: PageDrawing[] = [
  { ...A4, runs: NOTE.map((text, k) => run(text, LEFT, k)) },
  // A table: "1234" ends the first row in the second column, "5678" starts the next in the first.
  {
    ...A4,
    runs: [
      run("项目", LEFT, 0),
      run("编号", SECOND_COLUMN, 0),
      run("货款第一期", LEFT, 1),
      run("1234", SECOND_COLUMN, 1),
      run("5678", LEFT, 2),
      run("货款第二期", SECOND_COLUMN, 2),
    ],
  },
  // A column of values: "2468" ends far short of the column's edge (the longest value's end).
  { ...A4, runs: [run("2468", LEFT, 0), run("1357", LEFT, 1), run("975310864208", LEFT, 2)] },
  // A narrow cell: "975" / "31864" may be a wrap, but no other line shows where the cell ends.
  { ...A4, runs: [run("发票号码", LEFT, 0), run("975", SECOND_COLUMN, 0), run("31864", SECOND_COLUMN, 1)] },
];

async function drawnPages(): Promise<PdfPage[]> {
  const extracted = await extractPdf(writeStSongPdf(pages, { title: "转让通知" }));
  if (!extracted.ok) throw new Error(extracted.message);
  return extracted.pages;
}

/** Pages as read: their text and the boxes of its runs (a PDF's text layer, or OCR lines). */
type ReadPages = ReadonlyArray<{ text: string; boxes: readonly TextBox[] }>;

function document(kind: SearchableDocument["kind"], read: ReadPages): SearchableDocument {
  return {
    id: `doc_${kind}`,
    kind,
    fileName: "转让通知.pdf",
    mimeType: "application/pdf",
    sha256: "a".repeat(64),
    textStatus: "extracted",
    pages: read.map((p) => p.text),
    boxes: read.map((p) => p.boxes),
    readings: [],
  };
}

function decide(read: ReadPages, value: string, kind: SearchableDocument["kind"] = "attachment") {
  const matcher = compile([{ id: "crt", kind: "invoice_no", value }]);
  const certificate = kind === "certificate" ? document("certificate", read) : { ...document("certificate", []), pages: [] };
  return decideRegistration(matcher, {
    registrationId: "reg_1",
    certificateNumber: "x",
    parseStatus: kind === "certificate" ? "failed" : "completed",
    certificate: null,
    documents: kind === "certificate" ? [certificate] : [certificate, document("attachment", read)],
    attachmentsComplete: true,
  });
}

/** The one evidence of a decision, with its place checked against the page text as served. */
function onlyEvidence(decision: ReturnType<typeof decide>, read: ReadPages, first: string, last: string) {
  expect(decision.matchStatus).toBe("matched");
  expect(decision.evidence).toHaveLength(1);
  const evidence = decision.evidence[0]!;
  const page = read[evidence.pageNumber - 1]!.text;
  const start = page.indexOf(first);
  expect(evidence.start).toBe(start);
  expect(evidence.end).toBe(page.indexOf(last, start + first.length) + last.length);
  expect(evidence.termValue).toBe(page.slice(evidence.start, evidence.end));
  expect(evidence.snippet.slice(evidence.highlightRanges[0]!.start, evidence.highlightRanges[0]!.end)).toBe(evidence.termValue);
  return evidence;
}

describe("a number wrapped over a line break outside the description", () => {
  it("draws the note as a renderer sets it: every line within the measure, the next piece not fitting", () => {
    for (const line of NOTE) expect(ems(line)).toBeLessThanOrEqual(MEASURE_EM);
    expect(ems(NOTE[1]!) + ems("5")).toBeGreaterThan(MEASURE_EM);
    expect(ems(NOTE[3]!) + ems(" 0012")).toBeGreaterThan(MEASURE_EM);
  });

  it("finds 044178 / 56 in an attachment as 04417856, an invoice match with exact offsets", async () => {
    const read = await drawnPages();
    expect(read[0]!.text).toContain("044178\n56");
    const decision = decide(read, "04417856");
    expect(decision.strength).toBe("invoice_match");
    const evidence = onlyEvidence(decision, read, "044178", "56");
    expect(evidence.termValue).toBe("044178\n56");
    expect(evidence.sourceField).toBe("attachment_text");
  });

  it("finds a number in 4-digit groups wrapped at a group's space", async () => {
    const read = await drawnPages();
    const decision = decide(read, "24442000000000123456");
    expect(decision.strength).toBe("invoice_match");
    expect(onlyEvidence(decision, read, "2444 2000", "3456").termValue).toBe("2444 2000 0000\n0012 3456");
  });

  it("finds it the same on a certificate page outside the description (the certificate's text)", async () => {
    const read = await drawnPages();
    const decision = decide(read, "04417856", "certificate");
    expect(decision.strength).toBe("invoice_match");
    expect(onlyEvidence(decision, read, "044178", "56").sourceField).toBe("certificate_text");
  });

  it("never joins 1234 ending a table row and 5678 starting the next in another cell", async () => {
    const read = await drawnPages();
    expect(read[1]!.text).toContain("1234\n5678");
    for (const kind of ["attachment", "certificate"] as const) {
      const decision = decide(read, "12345678", kind);
      expect(decision.evidence).toEqual([]);
      expect(decision.matchStatus).toBe("unmatched");
    }
  });

  it("never joins a short line's 2468 to the 1357 below it", async () => {
    const read = await drawnPages();
    expect(read[2]!.text).toContain("2468\n1357");
    expect(decide(read, "24681357").evidence).toEqual([]);
    // Each stays a number of its own.
    expect(decide(read, "975310864208").strength).toBe("invoice_match");
  });

  it("finds a wrap the page cannot confirm, as a candidate to look at rather than an invoice match", async () => {
    const read = await drawnPages();
    expect(read[3]!.text).toContain("975\n31864");
    const decision = decide(read, "97531864");
    expect(decision.strength).toBe("keyword_only");
    expect(onlyEvidence(decision, read, "975", "31864").termValue).toBe("975\n31864");
    // The pieces on their own are still searched as they are printed.
    expect(decide(read, "31864").strength).toBe("invoice_match");
  });
});

describe("a number wrapped over a line break in OCR'd text", () => {
  /** An OCR line of a 150 dpi A4 scan: 22 px high, 33 px apart; its words placed when given. */
  const line = (text: string, x0: number, x1: number, row: number, words?: OcrLine["words"]): OcrLine => ({
    text,
    confidence: 0.97,
    box: [x0, 200 + row * 33, x1, 222 + row * 33],
    ...(words ? { words } : {}),
  });
  const word = (text: string, x0: number, x1: number, row: number) => ({
    text,
    box: [x0, 200 + row * 33, x1, 222 + row * 33] as [number, number, number, number],
  });
  const scan = ocrPageText({
    width: 1240,
    height: 1754,
    lines: [
      line(NOTE[0]!, 150, 1090, 0),
      line(NOTE[1]!, 150, 1088, 1),
      line(NOTE[2]!, 150, 1090, 2),
      line("货款第一期 1234", 150, 760, 4, [word("货款第一期", 150, 260, 4), word("1234", 700, 760, 4)]),
      line("5678 货款第二期", 150, 810, 5, [word("5678", 150, 210, 5), word("货款第二期", 700, 810, 5)]),
    ],
  });
  const read: ReadPages = [scan];

  it("joins the wrap its line boxes show, with exact offsets", () => {
    const decision = decide(read, "04417856");
    expect(decision.strength).toBe("invoice_match");
    expect(onlyEvidence(decision, read, "044178", "56").termValue).toBe("044178\n56");
  });

  it("keeps two table rows apart", () => {
    expect(scan.text).toContain("1234\n5678");
    expect(decide(read, "12345678").evidence).toEqual([]);
  });
});
