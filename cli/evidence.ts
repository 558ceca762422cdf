/**
 * @module The evidence behind a page of check results: where each hit is (document id, file,
 * page, UTF-16 offsets in the page text) and what it reads, so a reviewer can open the file at
 * the right place (`download <documentId>`) without going to the API by hand.
 */
import type { CheckResultPage, Evidence, RegistryClient } from "../client/index.ts";
import { table, windowAround } from "./render.ts";
import type { Vocabulary } from "./words.ts";

/** Result details read per page: a page holds at most 100 results, and each detail is one request. */
const MAX_DETAILS = 20;

export interface PageEvidence {
  evidence: Evidence[];
  /** Matched results on the page whose evidence was not read (over MAX_DETAILS). */
  skipped: number;
}

/** The evidence of the matched results on a page, in the page's order. */
export async function evidenceOfPage(client: RegistryClient, checkId: string, page: CheckResultPage): Promise<PageEvidence> {
  const matched = page.items.filter((r) => r.matchStatus === "matched");
  const read = matched.slice(0, MAX_DETAILS);
  const details = await Promise.all(read.map((r) => client.getCheckResult(checkId, r.registration.id)));
  return { evidence: details.flatMap((d) => d.check?.evidence ?? []), skipped: matched.length - read.length };
}

/** The snippet column's width: the snippet is cut around its hit, never through it. */
const SNIPPET_COLUMNS = 36;

/**
 * One row per hit, with where it was read (the property description, a certificate's or an attachment's
 * text, or a scan's OCR). The snippet is cut to fit around the hit; `start–end` locate it whole in the page text.
 */
export function evidenceTable({ evidence, skipped }: PageEvidence, checkId: string, words: Vocabulary): string {
  if (evidence.length === 0) return "";
  const rows = evidence.map((e) => [
    e.certificateNumber,
    e.termValue,
    e.documentId ?? "-",
    e.fileName,
    words.source[e.sourceField],
    e.pageNumber === undefined ? "-" : String(e.pageNumber),
    `${e.start}–${e.end}`,
    snippetCell(e),
  ]);
  const more = skipped > 0 ? `${skipped} more matched results: registry-check results ${checkId} --page-size 20 --page <n>\n` : "";
  return `\nEvidence (open a file with: registry-check download <document>)\n${table(
    [
      { header: "CERTIFICATE" },
      { header: "TERM", max: 24 },
      { header: "DOCUMENT" },
      { header: "FILE", max: 24 },
      { header: "READ FROM" },
      { header: "PAGE", align: "right" },
      { header: "OFFSETS" },
      { header: "SNIPPET", max: SNIPPET_COLUMNS },
    ],
    rows,
  )}${more}`;
}

/** The snippet, white space made single spaces (as the table does), cut around its first highlight. */
function snippetCell(e: Evidence): string {
  const hit = e.highlightRanges[0];
  if (!hit) return e.snippet;
  // Each run of white space becomes one space: move the range with the text.
  const before = e.snippet.slice(0, hit.start).replace(/\s+/g, " ");
  const inside = e.snippet.slice(hit.start, hit.end).replace(/\s+/g, " ");
  const text = e.snippet.replace(/\s+/g, " ");
  return windowAround(text, before.length, before.length + inside.length, SNIPPET_COLUMNS);
}
