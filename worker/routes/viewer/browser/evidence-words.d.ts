/** Types of evidence-words.js (browser code, plain JavaScript) for TypeScript callers: the console's review page. */
export declare const EVIDENCE_WORDS: Readonly<Record<EvidenceWord, string>>;
export type EvidenceWord =
  | "term"
  | "foundIn"
  | "file"
  | "page"
  | "pageOf"
  | "pageUnknown"
  | "pageShort"
  | "noPage"
  | "invoiceNumber"
  | "keyword"
  | "propertyDescription"
  | "attachmentText"
  | "certificateText"
  | "ocrText"
  | "ocrTextLowConfidence"
  | "loadingPage"
  | "noEvidence"
  | "noPageNamed"
  | "pageOnly";
export function fill(phrase: string, values?: Record<string, string | number>): string;
