/**
 * @module The words the evidence pane shows, in English (the evidence viewer's language). A page in
 * another language (the console's review screen, Simplified Chinese by default) hands the pane its own
 * table with the same names; `{name}` marks where a value goes.
 */
export const EVIDENCE_WORDS = {
  term: "Term",
  foundIn: "Found in",
  file: "File",
  page: "Page",
  pageOf: "{page} of {count}",
  pageUnknown: "not known",
  pageShort: "p. {page}",
  noPage: "no page",
  invoiceNumber: "invoice number",
  keyword: "keyword",
  propertyDescription: "property description",
  attachmentText: "attachment text",
  certificateText: "certificate text",
  ocrText: "text read from a scan (OCR)",
  ocrTextLowConfidence: "text read from a scan (OCR, low confidence)",
  loadingPage: "Loading the page…",
  noEvidence: "This result has no evidence to show.",
  noPageNamed: "This evidence names no page: read its snippet.",
  pageOnly: "The exact place on the page is not known: the whole page is marked; the snippet shows the hit.",
};

/** A phrase with its `{name}` places filled. */
export function fill(phrase, values = {}) {
  return phrase.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}
