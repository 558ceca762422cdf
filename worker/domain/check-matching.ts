/**
 * @module Matching one registration for a check (pure): hits over the property description
 * (mapped back to page offsets through the certificate's spans) and over each PDF attachment's
 * page texts, turned into evidence; then the registration's decision.
 */
import { compileCriteria, snippetAround, type CompiledMatcher, type Hit } from "./matching";
import { descriptionOffsetToPage } from "./certificate";
import type { Certificate } from "../schemas/certificate";

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
}

export interface RegistrationInput {
  registrationId: string;
  certificateNumber: string;
  parseStatus: string;
  certificate: Certificate | null;
  documents: SearchableDocument[];
  attachmentsComplete: boolean;
}

export interface EvidenceDraft {
  criterionId: string;
  documentId: string;
  documentVersionId: string;
  fileName: string;
  mimeType: string;
  pageNumber: number;
  start: number;
  end: number;
  snippet: string;
  highlightRanges: Array<{ start: number; end: number }>;
  pageRanges: Array<{ start: number; end: number }>;
  sourceField: "property_description" | "attachment_text";
  termKind: "invoice_no" | "keyword";
  termValue: string;
}

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

function draft(hit: Hit, doc: SearchableDocument, pageNumber: number, pageText: string, start: number, end: number, sourceField: EvidenceDraft["sourceField"]): EvidenceDraft {
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

function spanEndOn(spans: Certificate["propertyDescriptionSpans"], pageNumber: number, fallback: number): number {
  return spans?.find((s) => s.pageNumber === pageNumber)?.end ?? fallback;
}

export function decideRegistration(matcher: CompiledMatcher, input: RegistrationInput): RegistrationDecision {
  const issues: CoverageIssue[] = [];
  const evidence: EvidenceDraft[] = [];
  const certificateDoc = input.documents.find((d) => d.kind === "certificate");
  let pendingReason: string | null = null;
  if (input.parseStatus === "missing") {
    issues.push({ code: "CERTIFICATE_MISSING", registrationId: input.registrationId });
    pendingReason = "CERTIFICATE_MISSING";
  } else if (!input.certificate || !certificateDoc) {
    issues.push({ code: "CERTIFICATE_UNPARSED", registrationId: input.registrationId });
    pendingReason = "CERTIFICATE_UNPARSED";
  } else evidence.push(...descriptionEvidence(matcher, input.certificate, certificateDoc));

  for (const doc of input.documents) {
    if (doc.kind !== "attachment") continue;
    if (doc.textStatus === "extracted" && doc.pages) {
      doc.pages.forEach((text, i) => {
        for (const hit of matcher.scan(text)) evidence.push(draft(hit, doc, i + 1, text, hit.start, hit.end, "attachment_text"));
      });
    } else {
      const code = { not_text: "ATTACHMENT_NOT_TEXT_SEARCHABLE", empty: "ATTACHMENT_NO_TEXT", unreadable: "ATTACHMENT_UNREADABLE", extracted: "ATTACHMENT_NO_TEXT" }[doc.textStatus];
      issues.push({ code, registrationId: input.registrationId });
      pendingReason ??= code;
    }
  }
  if (!input.attachmentsComplete) {
    issues.push({ code: "ATTACHMENT_MISSING", registrationId: input.registrationId });
    pendingReason ??= "ATTACHMENT_MISSING";
  }

  const matchedCriterionIds = [...new Set(evidence.map((e) => e.criterionId))];
  const matched = evidence.length > 0;
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
export function checkStatus(pendingReview: number, coverageComplete: boolean): { status: "review_pending" | "completed" | "partial"; executionStatus: "succeeded" | "partial"; finished: boolean } {
  const executionStatus = coverageComplete ? "succeeded" : "partial";
  if (pendingReview > 0) return { status: "review_pending", executionStatus, finished: false };
  return { status: coverageComplete ? "completed" : "partial", executionStatus, finished: true };
}
