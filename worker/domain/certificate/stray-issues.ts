/**
 * @module Stray lines set against a value's cell (stray-neighbours.ts) as issues on that value's field: an
 * UNRECOGNIZED_LINE whose `field` names the value it stands against, so that a value read beside text the
 * reader could not place is never silently right-or-wrong. The code is the one every stray line already
 * carries (a line the reader could not place); its field says which value it may belong to.
 */
import type { ParseIssue } from "../../schemas/certificate";
import { emittedParties } from "./build";
import type { FieldKey } from "./labels";
import { partyIssueField } from "./parties";
import { joinPieces, type RawCertificate, type RawValue } from "./scan";
import type { SourceLine } from "./lines";

/** Registration-level values whose issue field is not their key (build.ts names them so). */
const ISSUE_FIELD: Partial<Record<FieldKey, string>> = {
  businessType: "businessTypeCode",
  performancePeriod: "performancePeriodText",
  attachment: "declaredAttachments",
};

function issueField(key: FieldKey): string | null {
  if (key === "ignored" || key.startsWith("party.")) return null;
  if (key.startsWith("original.")) return `originalRegistration.${key.slice("original.".length)}`;
  if (key.startsWith("details.")) return `registrationDetails.${key.slice("details.".length)}`;
  return ISSUE_FIELD[key] ?? key;
}

export interface StrayIssues {
  issues: ParseIssue[];
  /** The stray lines these issues report: not reported again without a field. */
  reported: ReadonlySet<SourceLine>;
}

/** One issue per stray line set against a value of a field the certificate emits. */
export function strayIssues(raw: RawCertificate, shown: (text: string) => string): StrayIssues {
  const issues: ParseIssue[] = [];
  const reported = new Set<SourceLine>();
  const report = (value: RawValue, field: string | null) => {
    if (field === null) return;
    for (const line of value.strayAgainst ?? []) {
      if (reported.has(line)) continue;
      reported.add(line);
      issues.push({ code: "UNRECOGNIZED_LINE", field, rawValue: shown(line.text), pageNumber: line.page });
    }
  };
  for (const [key, value] of raw.fields) report(value, issueField(key));
  // A second label's value for a field, or a look-alike label's: its words and value, on that field.
  for (const rival of raw.rivals) {
    const field = issueField(rival.field);
    if (field !== null)
      issues.push({
        code: "UNRECOGNIZED_LINE",
        field,
        rawValue: shown(`${rival.label}：${joinPieces(rival) ?? ""}`),
        pageNumber: rival.pieces[0]?.page ?? null,
      });
  }
  for (const value of raw.attachments) report(value, issueField("attachment"));
  emittedParties(raw).forEach((party, index) => {
    for (const [key, value] of party.fields) report(value, partyIssueField(key, index));
    for (const value of party.unclassified) report(value, `parties[${index}].details.unclassifiedIdentifiers`);
  });
  return { issues, reported };
}
