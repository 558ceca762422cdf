/**
 * @module Matching one registration for a check (pure): hits over every page of the certificate and of
 * each read attachment (text layer or OCR), all but their furniture (./check-search.ts), turned into
 * evidence; then the registration's decision. The certificate's parsed fields only say where a hit lies
 * (`sourceField`: the property description's spans, or elsewhere on the certificate), never what is
 * searched. Whatever was read is searched: a hit is a match whatever the parse status, and only a miss on
 * text that could not be read (or was read with low OCR confidence) leaves the registration pending.
 *
 * Page furniture (running headers and footers, page numbers: ./text/furniture.ts) is never evidence: it
 * is not searched, and a snippet stops where it begins. A document's pages are searched as one text, their
 * searched pieces joined by line breaks (or by nothing where the page wrapped a line: ./check-search.ts), so that what a page break cuts ("07573825-" at the foot of one
 * page, "07573827" at the top of the next) reads whole; such a hit is shown on its first page.
 *
 * Every number is classified by what the text says it is before it is evidence (./matching/number-kinds.ts):
 * an invoice criterion's digits printed as an amount ("金额 12345678 元"), a contract's number, a date … are
 * evidence to look at, not of an invoice: such hits alone make a keyword_only candidate. Only a number the
 * text calls an invoice number, or one nothing names with no other kind's shape (a mobile number), makes an
 * invoice_match; the system's decision (invoice_exact_match) only a number the text calls an invoice number.
 */
import { compileCriteria, invoiceEvidence, snippetAround, type CompiledMatcher, type Criterion, type Hit } from "./matching";
import { attachmentPages, certificateFieldAt, certificatePages, separatorBefore, type SearchedPages } from "./check-search";
import { touchesLowConfidence, type PageReading } from "./page-reading";
import type { TextRange } from "./text/furniture";
import { isUndecided } from "./text/line-joints";
import type { TextBox } from "./text/page";
import type { Certificate } from "../schemas/certificate";
import type { SOURCE_FIELDS } from "../schemas/check-vocabulary";
import type { Evidence } from "../schemas/evidence";

export const INDEX_VERSION = "text-1";
/** match-2: issue 29's forms (ordinal and shortened ranges, column gaps, OpenCC) and labels (a contract's number is no invoice evidence). */
export const RULE_VERSION = "match-2";

export interface SearchableDocument {
  id: string;
  kind: "certificate" | "attachment";
  fileName: string;
  mimeType: string;
  sha256: string;
  textStatus: "extracted" | "empty" | "not_text" | "unreadable";
  /** Page texts when extracted. */
  pages: string[] | null;
  /** How each page was read (documents.pages); empty when unknown. */
  readings: PageReading[];
  /** Each page's text boxes, when stored: where furniture stands (./text/furniture.ts). */
  boxes?: ReadonlyArray<readonly TextBox[]> | null;
}

export interface RegistrationInput {
  registrationId: string;
  certificateNumber: string;
  parseStatus: string;
  certificate: Certificate | null;
  documents: SearchableDocument[];
  attachmentsComplete: boolean;
  /**
   * False when reading the attachments' text was given up on (indexStatus failed): each attachment is
   * then a coverage issue, ATTACHMENT_NOT_INDEXED, whatever its row says. Unset means read.
   */
  attachmentsIndexed?: boolean;
}

/**
 * A hit as evidence: every field of the public Evidence the matcher knows (its document's ones are
 * never absent here), short of the registration's certificateNumber and the time of the match, which
 * the check step adds, and the row's id and the download url.
 */
export type EvidenceDraft = Required<Omit<Evidence, "id" | "url" | "certificateNumber" | "matchedAt">>;

/**
 * Where a hit was read: the certificate's property description (inside the spans its reader found); the
 * certificate's text elsewhere (another field, a line the reader could not place, or any of it when the
 * fields did not parse); an attachment's text layer; text read by OCR (an image, a page without a text
 * layer), and OCR text from a line read with low confidence (look at the page before relying on it).
 */
export type SourceField = (typeof SOURCE_FIELDS)[number];

export interface CoverageIssue {
  code: string;
  registrationId?: string;
  criterionId?: string;
}

export interface RegistrationDecision {
  matchStatus: "matched" | "unmatched" | "pending";
  strength: "invoice_match" | "keyword_only" | null;
  /** An invoice_match on a number the text calls an invoice number: the system decides (invoice_exact_match). */
  systemDecides: boolean;
  matchedCriterionIds: string[];
  evidence: EvidenceDraft[];
  coverageIssues: CoverageIssue[];
  pendingReason: string | null;
  coverageReason: string | null;
}

/**
 * A check's criteria as one matcher. A criterion has one shape on its way from the route to the matcher: the
 * contract's (worker/schemas/check.ts, kinds TERM_KINDS) is stored as it is (worker/db: a criteria row), and a
 * row is the matcher's Criterion as it stands (./matching/types.ts), with nothing to translate.
 */
export const compile: (criteria: readonly Criterion[]) => CompiledMatcher = compileCriteria;

export function documentVersionId(sha256: string): string {
  return `dv_${sha256.slice(0, 16)}`;
}

function draft(
  hit: Hit,
  doc: SearchableDocument,
  pageNumber: number,
  pageText: string,
  start: number,
  end: number,
  sourceField: EvidenceDraft["sourceField"],
  barriers: readonly TextRange[],
): EvidenceDraft {
  const s = snippetAround(pageText, start, end, 30, barriers);
  return {
    criterionId: hit.criterionId,
    documentId: doc.id,
    documentVersionId: documentVersionId(doc.sha256),
    fileName: doc.fileName,
    mimeType: doc.mimeType,
    pageNumber,
    start,
    end,
    snippet: s.snippet,
    highlightRanges: [{ start: s.highlightStart, end: s.highlightEnd }],
    pageRanges: [{ start, end }],
    sourceField,
    termKind: hit.termKind,
    // As printed on the page: a number wrapped over a line break keeps its break.
    termValue: pageText.slice(start, end),
    indexVersion: INDEX_VERSION,
    ruleVersion: RULE_VERSION,
  };
}

/** The source of a hit in page text: OCR'd pages say so, and say when the line was read with low confidence. */
function sourceOf(doc: SearchableDocument, pageNumber: number, start: number, end: number, ownField: SourceField): SourceField {
  const reading = doc.readings[pageNumber - 1];
  if (reading?.source !== "ocr") return ownField;
  return touchesLowConfidence(reading, start, end) ? "ocr_text_low_confidence" : "ocr_text";
}

/** The field a hit [start, end) on a page lies in, before OCR has its say. */
type FieldAt = (pageNumber: number, start: number, end: number) => SourceField;

/**
 * A hit as evidence; whether it shows an invoice number (an invoice_no hit on a number the text calls an
 * invoice number, or names not at all and has no other kind's shape), and whether the text calls it one.
 */
interface Found {
  evidence: EvidenceDraft;
  showsInvoice: boolean;
  namedInvoice: boolean;
}

/** A document's searched pieces as one text, and where each piece starts in it. */
interface JoinedText {
  text: string;
  at: number[];
}

/** The pieces joined as their joints say; a break the page may have wrapped read as a wrap when `asWrap`. */
function joinPieces(pages: readonly string[], searched: SearchedPages, asWrap: boolean): JoinedText {
  let text = "";
  const at: number[] = [];
  for (const piece of searched.pieces) {
    if (text) text += separatorBefore(piece, asWrap);
    at.push(text.length);
    text += pages[piece.page - 1]!.slice(piece.start, piece.end);
  }
  return { text, at };
}

/**
 * Hits in the searched pieces of a document's pages, joined into one text (./check-search.ts says with
 * what between two pieces) and mapped back to page offsets; a hit that crosses a page break is shown on
 * its first page, up to the end of that page's last piece. Where the page may have wrapped a line but
 * cannot show it, the text is searched both ways: a hit only the wrapped reading finds is evidence to
 * look at, never of an invoice (a number nobody printed must not become a system decision; one printed
 * must not be missed).
 */
function pagesEvidence(matcher: CompiledMatcher, doc: SearchableDocument, searched: SearchedPages, fieldAt: FieldAt): Found[] {
  const pages = doc.pages ?? [];
  const out: Found[] = [];
  const read = (joined: JoinedText, keep: (first: number, last: number) => boolean, certain: boolean) => {
    // The last piece starting at or before `offset` (a binary search: an attachment has a piece per line).
    const pieceAt = (offset: number) => {
      let [lo, hi] = [0, joined.at.length - 1];
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (joined.at[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    for (const hit of matcher.scan(joined.text)) {
      const first = pieceAt(hit.start);
      const last = pieceAt(hit.end - 1);
      if (!keep(first, last)) continue;
      const a = searched.pieces[first]!;
      const b = searched.pieces[last]!;
      const start = a.start + hit.start - joined.at[first]!;
      const end =
        b.page === a.page ? b.start + hit.end - joined.at[last]! : Math.max(...searched.pieces.filter((p) => p.page === a.page).map((p) => p.end));
      const same = (e: EvidenceDraft) => e.criterionId === hit.criterionId && e.pageNumber === a.page && e.start === start && e.end === end;
      if (!certain && out.some((f) => same(f.evidence))) continue;
      const field = sourceOf(doc, a.page, start, end, fieldAt(a.page, start, end));
      const invoice = certain && hit.termKind === "invoice_no" ? invoiceEvidence(joined.text, hit.start, hit.end) : { shows: false, decides: false };
      out.push({
        evidence: draft(hit, doc, a.page, pages[a.page - 1]!, start, end, field, searched.barriers[a.page - 1] ?? []),
        showsInvoice: invoice.shows,
        namedInvoice: invoice.decides,
      });
    }
  };
  read(joinPieces(pages, searched, false), () => true, true);
  const maybe = searched.pieces.map((p) => isUndecided(p.joint));
  // Read again as wrapped: only hits that run over such a break are new.
  if (maybe.includes(true)) read(joinPieces(pages, searched, true), (first, last) => maybe.slice(first + 1, last + 1).includes(true), false);
  return out;
}

/** Coverage issues of a document whose text was read: pages left unread, OCR lines read with low confidence. */
function readingIssues(doc: SearchableDocument): string[] {
  const codes: string[] = [];
  if (doc.readings.some((r) => r.unread)) codes.push("PAGES_NOT_READ");
  if (doc.readings.some((r) => (r.lowConfidence?.length ?? 0) > 0)) codes.push("OCR_LOW_CONFIDENCE");
  return codes;
}

export function decideRegistration(matcher: CompiledMatcher, input: RegistrationInput): RegistrationDecision {
  const issues: CoverageIssue[] = [];
  const found: Found[] = [];
  const certificateDoc = input.documents.find((d) => d.kind === "certificate");
  /** Codes of what could not be read: a miss there does not rule out a match. */
  const unread: string[] = [];
  const uncovered = (code: string) => {
    issues.push({ code, registrationId: input.registrationId });
    unread.push(code);
  };
  const certificateRead = certificateDoc?.textStatus === "extracted" && certificateDoc.pages !== null;
  if (input.parseStatus === "missing") uncovered("CERTIFICATE_MISSING");
  else if (certificateDoc && certificateRead) {
    // Every page is searched whatever the reader made of it; fields not parsed keep their issue (no hit can be placed in a field).
    if (!input.certificate) issues.push({ code: "CERTIFICATE_UNPARSED", registrationId: input.registrationId });
    const searched = certificatePages(certificateDoc, input.certificateNumber, input.certificate);
    const fieldAt: FieldAt = (page, start, end) => certificateFieldAt(input.certificate, page, start, end);
    found.push(...pagesEvidence(matcher, certificateDoc, searched, fieldAt));
  } else uncovered("CERTIFICATE_UNPARSED");
  if (certificateDoc && certificateRead) readingIssues(certificateDoc).forEach(uncovered);

  for (const doc of input.documents) {
    if (doc.kind !== "attachment") continue;
    if (input.attachmentsIndexed === false) uncovered("ATTACHMENT_NOT_INDEXED");
    else if (doc.textStatus === "extracted" && doc.pages) {
      found.push(...pagesEvidence(matcher, doc, attachmentPages(doc), () => "attachment_text"));
      readingIssues(doc).forEach(uncovered);
    } else {
      const code = {
        not_text: "ATTACHMENT_NOT_TEXT_SEARCHABLE",
        empty: "ATTACHMENT_NO_TEXT",
        unreadable: "ATTACHMENT_UNREADABLE",
        extracted: "ATTACHMENT_NO_TEXT",
      }[doc.textStatus];
      uncovered(code);
    }
  }
  if (!input.attachmentsComplete) uncovered("ATTACHMENT_MISSING");

  const evidence = found.map((f) => f.evidence);
  const matchedCriterionIds = [...new Set(evidence.map((e) => e.criterionId))];
  const matched = evidence.length > 0;
  const pendingReason = unread[0] ?? null;
  return {
    matchStatus: matched ? "matched" : pendingReason ? "pending" : "unmatched",
    strength: matched ? (found.some((f) => f.showsInvoice) ? "invoice_match" : "keyword_only") : null,
    systemDecides: found.some((f) => f.namedInvoice),
    matchedCriterionIds,
    evidence,
    coverageIssues: issues,
    pendingReason: matched ? null : pendingReason,
    coverageReason: issues.length > 0 ? issues.map((i) => i.code).join(",") : null,
  };
}

/**
 * The check's status from its results. Candidates awaiting review keep it review_pending;
 * otherwise it is completed, or partial when coverage is incomplete.
 */
export function checkStatus(
  pendingReview: number,
  coverageComplete: boolean,
): { status: "review_pending" | "completed" | "partial"; executionStatus: "succeeded" | "partial"; finished: boolean } {
  const executionStatus = coverageComplete ? "succeeded" : "partial";
  if (pendingReview > 0) return { status: "review_pending", executionStatus, finished: false };
  return { status: coverageComplete ? "completed" : "partial", executionStatus, finished: true };
}
