/**
 * @module Matching one registration for a check (pure): hits over the property description
 * (mapped back to page offsets through the certificate's spans), or over the certificate's page text
 * without its furniture when the description could not be read, and over each attachment's page texts
 * (text layer or OCR), turned into evidence; then the registration's decision. Whatever was read is
 * searched: a hit is a match whatever the parse status, and only a miss on text that could not be read
 * (or was read with low OCR confidence) leaves the registration pending.
 */
import { compileCriteria, snippetAround, type CompiledMatcher, type Hit } from "./matching";
import { descriptionOffsetToPage } from "./certificate";
import { contentLines } from "./certificate/lines";
import { touchesLowConfidence, type PageReading } from "./page-reading";
import type { Certificate } from "../schemas/certificate";
import type { SOURCE_FIELDS } from "../schemas/check-vocabulary";
import type { Evidence } from "../schemas/evidence";

export const INDEX_VERSION = "text-1";
export const RULE_VERSION = "match-1";

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
 * Where a hit was read: the parsed property description; the certificate's text without its furniture
 * (fields not parsed); an attachment's text layer; text read by OCR (an image, a page without a text
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
  matchedCriterionIds: string[];
  evidence: EvidenceDraft[];
  coverageIssues: CoverageIssue[];
  pendingReason: string | null;
  coverageReason: string | null;
}

export function compile(criteria: ReadonlyArray<{ id: string; kind: "invoice_no" | "keyword"; value: string }>): CompiledMatcher {
  return compileCriteria(criteria.map((c) => ({ id: c.id, kind: c.kind, value: c.value })));
}

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
): EvidenceDraft {
  const s = snippetAround(pageText, start, end);
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

/** Hits in the joined description, located in page text; a hit crossing a page break is shown on its first page. */
function descriptionEvidence(matcher: CompiledMatcher, cert: Certificate, doc: SearchableDocument): EvidenceDraft[] {
  const description = cert.propertyDescription;
  const spans = cert.propertyDescriptionSpans ?? [];
  if (!description || !doc.pages) return [];
  const out: EvidenceDraft[] = [];
  for (const hit of matcher.scan(description)) {
    const from = descriptionOffsetToPage(spans, doc.pages, hit.start);
    const last = descriptionOffsetToPage(spans, doc.pages, hit.end - 1);
    if (!from || !last) continue;
    const pageText = doc.pages[from.pageNumber - 1]!;
    const end = last.pageNumber === from.pageNumber ? last.offset + 1 : spanEndOn(spans, from.pageNumber, pageText.length);
    out.push(draft(hit, doc, from.pageNumber, pageText, from.offset, end, "property_description"));
  }
  return out;
}

/** The source of a hit in page text: OCR'd pages say so, and say when the line was read with low confidence. */
function sourceOf(doc: SearchableDocument, pageNumber: number, start: number, end: number, ownField: SourceField): SourceField {
  const reading = doc.readings[pageNumber - 1];
  if (reading?.source !== "ocr") return ownField;
  return touchesLowConfidence(reading, start, end) ? "ocr_text_low_confidence" : "ocr_text";
}

/** Hits in a page text, as evidence. */
function pageEvidence(matcher: CompiledMatcher, doc: SearchableDocument, pageNumber: number, text: string, ownField: SourceField): EvidenceDraft[] {
  return [...matcher.scan(text)].map((hit) =>
    draft(hit, doc, pageNumber, text, hit.start, hit.end, sourceOf(doc, pageNumber, hit.start, hit.end, ownField)),
  );
}

/**
 * Hits in the certificate's page text without its furniture (page numbers, running headers, the
 * issuer's name): each page's content lines are searched joined by line breaks, as the page prints
 * them, and the hits mapped back to page offsets.
 */
function certificateTextEvidence(matcher: CompiledMatcher, doc: SearchableDocument): EvidenceDraft[] {
  const pages = doc.pages ?? [];
  const out: EvidenceDraft[] = [];
  const lines = contentLines(pages);
  pages.forEach((pageText, i) => {
    const own = lines.filter((l) => l.page === i + 1);
    let joined = "";
    const segments: Array<{ at: number; start: number; length: number }> = [];
    for (const line of own) {
      if (joined) joined += "\n";
      segments.push({ at: joined.length, start: line.start, length: line.text.length });
      joined += line.text;
    }
    const toPage = (offset: number) => {
      const seg = segments.findLast((s) => s.at <= offset) ?? segments[0]!;
      return seg.start + Math.min(offset - seg.at, seg.length);
    };
    for (const hit of matcher.scan(joined)) {
      const start = toPage(hit.start);
      const end = toPage(hit.end - 1) + 1;
      out.push(draft(hit, doc, i + 1, pageText, start, end, sourceOf(doc, i + 1, start, end, "certificate_text")));
    }
  });
  return out;
}

/** Coverage issues of a document whose text was read: pages left unread, OCR lines read with low confidence. */
function readingIssues(doc: SearchableDocument): string[] {
  const codes: string[] = [];
  if (doc.readings.some((r) => r.unread)) codes.push("PAGES_NOT_READ");
  if (doc.readings.some((r) => (r.lowConfidence?.length ?? 0) > 0)) codes.push("OCR_LOW_CONFIDENCE");
  return codes;
}

function spanEndOn(spans: Certificate["propertyDescriptionSpans"], pageNumber: number, fallback: number): number {
  return spans?.find((s) => s.pageNumber === pageNumber)?.end ?? fallback;
}

export function decideRegistration(matcher: CompiledMatcher, input: RegistrationInput): RegistrationDecision {
  const issues: CoverageIssue[] = [];
  const evidence: EvidenceDraft[] = [];
  const certificateDoc = input.documents.find((d) => d.kind === "certificate");
  /** Codes of what could not be read: a miss there does not rule out a match. */
  const unread: string[] = [];
  const uncovered = (code: string) => {
    issues.push({ code, registrationId: input.registrationId });
    unread.push(code);
  };
  const certificateRead = certificateDoc?.textStatus === "extracted" && certificateDoc.pages !== null;
  if (input.parseStatus === "missing") uncovered("CERTIFICATE_MISSING");
  else if (input.certificate?.propertyDescription && certificateDoc && certificateRead) {
    evidence.push(...descriptionEvidence(matcher, input.certificate, certificateDoc));
  } else if (certificateDoc && certificateRead) {
    // Fields not parsed (or no description among them): the whole text is searched, and the issue stays.
    if (!input.certificate) issues.push({ code: "CERTIFICATE_UNPARSED", registrationId: input.registrationId });
    evidence.push(...certificateTextEvidence(matcher, certificateDoc));
  } else uncovered("CERTIFICATE_UNPARSED");
  if (certificateDoc && certificateRead) readingIssues(certificateDoc).forEach(uncovered);

  for (const doc of input.documents) {
    if (doc.kind !== "attachment") continue;
    if (input.attachmentsIndexed === false) uncovered("ATTACHMENT_NOT_INDEXED");
    else if (doc.textStatus === "extracted" && doc.pages) {
      doc.pages.forEach((text, i) => evidence.push(...pageEvidence(matcher, doc, i + 1, text, "attachment_text")));
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

  const matchedCriterionIds = [...new Set(evidence.map((e) => e.criterionId))];
  const matched = evidence.length > 0;
  const pendingReason = unread[0] ?? null;
  return {
    matchStatus: matched ? "matched" : pendingReason ? "pending" : "unmatched",
    strength: matched ? (evidence.some((e) => e.termKind === "invoice_no") ? "invoice_match" : "keyword_only") : null,
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
