/**
 * @module A description the reader could not close is never completed-and-silent (issue 29): text the
 * reader placed nowhere, after the description began and no later than the page after its last line,
 * may be more of it (a table beside it, a line set where no rule expected it). The description keeps what
 * was read, the whole page is still searched (the check searches page text, not fields), and an issue on
 * propertyDescription says the value may be short.
 */
import type { ParseIssue } from "../../schemas/certificate";
import type { RawCertificate } from "./scan";

/** A stray line's text in the issue: enough to find it on the page. */
const SHOWN = 60;

export function unclosedDescription(raw: RawCertificate): ParseIssue | null {
  const pieces = raw.fields.get("propertyDescription")?.pieces ?? [];
  const first = pieces[0];
  if (!first) return null;
  const lastPage = Math.max(...pieces.map((p) => p.page));
  const after = raw.strayLines.find((l) => (l.page > first.page || (l.page === first.page && l.start > first.start)) && l.page <= lastPage + 1);
  if (!after) return null;
  return {
    code: "DESCRIPTION_UNCLOSED",
    field: "propertyDescription",
    rawValue: Array.from(after.text).slice(0, SHOWN).join(""),
    pageNumber: after.page,
  };
}
