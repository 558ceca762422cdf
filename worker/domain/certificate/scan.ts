/**
 * @module Label-driven scan of a certificate's content lines into raw values: registration-level fields,
 * party blocks (opened by a role heading, closed by a section heading or a non-party label), declared
 * attachments and the title. A value runs from its label to the next label or heading, over line and
 * page breaks, so a wrapped value and a value printed on the line after its label both come out whole.
 * Each value keeps the pieces of page text it came from.
 */
import { type FieldKey, isSectionHeading, matchLabel, matchRoleHeading } from "./labels";
import type { SourceLine } from "./lines";
import { registerTypeOfTitle } from "./values";

/** A piece of a value: [start, end) in the text of page `page`. */
export interface Piece {
  page: number;
  start: number;
  end: number;
  text: string;
}

export interface RawValue {
  label: string;
  pieces: Piece[];
}

export interface RawParty {
  role: "debtor" | "secured_party";
  heading: string;
  fields: Map<FieldKey, RawValue>;
  unclassified: RawValue[];
}

export interface RawCertificate {
  fields: Map<FieldKey, RawValue>;
  parties: RawParty[];
  attachments: RawValue[];
  titleType: string | null;
  /** Lines that belong to no label (besides the title): kept for diagnosis. */
  strayLines: SourceLine[];
  labelCount: number;
}

/** Labels some certificates print without the 填表人 prefix inside the preparer block. */
const PREPARER_ALIASES: Partial<Record<FieldKey, FieldKey>> = {
  "party.name": "preparer.name",
  "party.certificateType": "preparer.certificateType",
  "party.identityNumber": "preparer.certificateNumber",
  "party.address": "preparer.address",
};

export function joinPieces(value: RawValue | undefined): string | null {
  if (!value || value.pieces.length === 0) return null;
  return value.pieces.map((p) => p.text).join("");
}

export function scanLines(lines: readonly SourceLine[]): RawCertificate {
  const raw: RawCertificate = { fields: new Map(), parties: [], attachments: [], titleType: null, strayLines: [], labelCount: 0 };
  let party: RawParty | null = null;
  let inPreparer = false;
  let open: RawValue | null = null;

  for (const line of lines) {
    const role = matchRoleHeading(line.text);
    if (role) {
      party = { role: role.role, heading: role.heading, fields: new Map(), unclassified: [] };
      raw.parties.push(party);
      open = null;
      inPreparer = false;
      continue;
    }
    if (isSectionHeading(line.text)) {
      party = null;
      open = null;
      inPreparer = line.text.replace(/\s/g, "") === "填表人信息";
      continue;
    }
    const label = matchLabel(line.text);
    if (label) {
      raw.labelCount++;
      const value: RawValue = { label: label.label, pieces: [] };
      if (label.value) {
        const start = line.start + label.valueStart;
        value.pieces.push({ page: line.page, start, end: start + label.value.length, text: label.value });
      }
      open = value;
      let field = label.field;
      if (inPreparer && PREPARER_ALIASES[field]) field = PREPARER_ALIASES[field] ?? field;
      if (field === "attachment") raw.attachments.push(value);
      else if (field === "party.unclassified" && party) party.unclassified.push(value);
      else if (field.startsWith("party.") && party) {
        if (!party.fields.has(field)) party.fields.set(field, value);
      } else {
        if (!field.startsWith("party.")) party = null;
        if (!raw.fields.has(field)) raw.fields.set(field, value);
      }
      continue;
    }
    if (open) {
      open.pieces.push({ page: line.page, start: line.start, end: line.start + line.text.length, text: line.text });
      continue;
    }
    const titleType = registerTypeOfTitle(line.text);
    if (titleType && raw.titleType === null) raw.titleType = titleType;
    else raw.strayLines.push(line);
  }
  return raw;
}
