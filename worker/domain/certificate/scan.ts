/**
 * @module A certificate's cells (cells.ts: labels with their values, headings, strays, in reading order)
 * filed as raw values: registration-level fields, party blocks (opened by a role heading, a role-prefixed
 * label or a heading known by its setting, closed by a section heading or a non-party label), declared
 * attachments and the title. Every page is read by its geometry; a page given without positions is first
 * set as a plain typewriter page (plain-text-pages.ts), so that one reader and one set of rules read both.
 * Each value keeps its page pieces.
 */
import { type CellItem, readCells } from "./cells";
import { splitColumns } from "./columns";
import { type FieldKey, type LabelMatch, type Role, isSectionHeading, labelRank, lookAlikeField, matchRoleHeading, roleOf } from "./labels";
import type { PageContent, SourceLine } from "./lines";
import { placedLines } from "./plain-text-pages";
import { typesetRole } from "./typeset-headings";
import { registerTypeOfTitle } from "./values";
import type { Piece } from "./piece";

export type { Piece };

export interface RawValue {
  label: string;
  field: FieldKey;
  pieces: Piece[];
  /** The value's text line by line (a list of attachment names, one a line). */
  lines?: string[];
  /** Lines no rule placed that stand against the value's cell: the value is not vouched for. */
  strayAgainst?: SourceLine[];
}

export interface RawParty {
  role: Role;
  heading: string;
  fields: Map<FieldKey, RawValue>;
  unclassified: RawValue[];
}

export interface RawCertificate {
  fields: Map<FieldKey, RawValue>;
  parties: RawParty[];
  attachments: RawValue[];
  /** Every certificate number printed (the field, a header on the first page): they must agree. */
  numberCopies: RawValue[];
  titleType: string | null;
  /** Lines that belong to no label (besides the title and furniture). */
  strayLines: SourceLine[];
  labelCount: number;
  /**
   * Values of a second label of a field that holds another value already (融资金额 above 主合同金额, both the
   * main contract's amount to the vocabulary), and values of labels no dictionary has whose words name a
   * known field's kind (融资总额, an amount): kept with their words, for an issue; never the field's value.
   */
  rivals: RawValue[];
}

/** Labels some certificates print without the 填表人 prefix inside the preparer block. */
const PREPARER_ALIASES: Partial<Record<FieldKey, FieldKey>> = {
  "party.name": "preparer.name",
  "party.certificateType": "preparer.certificateType",
  "party.identityNumber": "preparer.certificateNumber",
  "party.address": "preparer.address",
};

/** A certificate's title without a register type ("动产融资统一登记证明"): neither field nor stray. */
const GENERIC_TITLE = /^[\u4e00-\u9fff\s]{0,24}登\s*记\s*证\s*明\s*(?:[（(][^）)]*[)）])?$/;

export function joinPieces(value: RawValue | undefined): string | null {
  if (!value || value.pieces.length === 0) return null;
  const text = value.pieces
    .map((p) => p.text)
    .join("")
    .trim();
  return text === "" ? null : text;
}

/** A certificate of which nothing is read yet. */
export function emptyRawCertificate(): RawCertificate {
  return { fields: new Map(), parties: [], attachments: [], numberCopies: [], titleType: null, strayLines: [], labelCount: 0, rivals: [] };
}

class Scanner {
  readonly raw: RawCertificate = emptyRawCertificate();
  private party: RawParty | null = null;
  private inPreparer = false;

  private newParty(heading: string, role: Role = roleOf(heading)): RawParty {
    const party: RawParty = { role, heading, fields: new Map(), unclassified: [] };
    this.raw.parties.push(party);
    this.party = party;
    this.inPreparer = false;
    return party;
  }

  /** Files a value under its field, in the party, the preparer or the registration. */
  private place(hit: Pick<LabelMatch, "field" | "roleHeading">, value: RawValue): void {
    let field = hit.field;
    if (this.inPreparer && PREPARER_ALIASES[field]) field = PREPARER_ALIASES[field] ?? field;
    value.field = field;
    if (field === "ignored") return;
    if (field === "attachment") {
      this.raw.attachments.push(value);
      return;
    }
    if (field.startsWith("party.")) {
      // A role-prefixed label names its party: a new block unless the current one is that role and lacks the field.
      let party = this.party;
      if (hit.roleHeading && (!party || party.heading !== hit.roleHeading || party.fields.has(field))) party = this.newParty(hit.roleHeading);
      // A party label outside any party block has no party to go to.
      if (!party) return;
      // Several parties under one role heading: a second name (or type) starts the next one.
      // (Of the block's role: a heading known by its setting, 留置权人, is a role the vocabulary has no word for.)
      if ((field === "party.name" || field === "party.type") && party.fields.has(field)) party = this.newParty(party.heading, party.role);
      if (field === "party.unclassified") party.unclassified.push(value);
      else if (!party.fields.has(field)) party.fields.set(field, value);
      return;
    }
    this.party = null;
    if (field === "certificateNumber") this.raw.numberCopies.push(value);
    const held = this.raw.fields.get(field);
    if (!held) this.raw.fields.set(field, value);
    else if (field !== "certificateNumber" && joinPieces(value) !== null && joinPieces(value) !== joinPieces(held)) {
      // Two labels of one field with two values: the field's own word wins (主合同金额 over 融资金额), the other is an issue.
      const [kept, rival] = labelRank(field, value.label) < labelRank(field, held.label) || joinPieces(held) === null ? [value, held] : [held, value];
      this.raw.fields.set(field, kept);
      this.raw.rivals.push(rival);
    }
  }

  private takeTitle(text: string): boolean {
    const titleType = registerTypeOfTitle(text);
    if (titleType) {
      if (this.raw.titleType === null) this.raw.titleType = titleType;
      return true;
    }
    return GENERIC_TITLE.test(text);
  }

  /** The items of a certificate read by its geometry (cells.ts), in reading order. */
  scanCells(items: readonly CellItem[]): RawCertificate {
    for (const item of items) {
      if (item.kind !== "label") {
        if (item.kind === "stray") this.raw.strayLines.push(item.line);
        else this.heading(item.line);
      } else {
        this.raw.labelCount++;
        const value: RawValue = {
          label: item.label.replace(/\s/g, ""),
          field: item.field,
          pieces: item.values,
          lines: item.lines,
          strayAgainst: item.strayAgainst,
        };
        const kind = item.field === "ignored" ? lookAlikeField(value.label) : null;
        if (kind && joinPieces(value) !== null) this.raw.rivals.push({ ...value, field: kind });
        this.place(item, value);
      }
    }
    return this.raw;
  }

  /** A line that is a role heading, a section heading, a heading known by its setting or a title. */
  private heading(line: SourceLine): void {
    const text = line.text.trim();
    const role = matchRoleHeading(text);
    if (role) {
      const party = this.newParty(role.heading);
      if (role.name) {
        const start = line.start + role.nameStart;
        party.fields.set("party.name", {
          label: role.heading,
          field: "party.name",
          pieces: [{ page: line.page, start, end: start + role.name.length, text: role.name }],
        });
      }
    } else if (isSectionHeading(text)) {
      this.party = null;
      this.inPreparer = text.replace(/\s/g, "").includes("填表人");
    } else if (!this.takeTitle(text)) {
      // A heading known by its setting (typeset-headings.ts): a party under a role word no table has, or a section.
      const typeset = typesetRole(text);
      if (typeset) this.newParty(typeset.heading, typeset.role);
      else {
        this.party = null;
        this.inPreparer = text.replace(/\s/g, "").includes("填表人");
      }
    }
  }

  /** A title line or a generic one: not data. */
  isTitle(text: string): boolean {
    return registerTypeOfTitle(text) !== null || GENERIC_TITLE.test(text);
  }
}

/** The raw values of a certificate's content lines, read by geometry (cells.ts), every page placed. */
export function scanLines({ lines, numberHeaders }: PageContent): RawCertificate {
  const scanner = new Scanner();
  const raw = scanner.scanCells(readCells(splitColumns(placedLines(lines)), (t) => scanner.isTitle(t)));
  // The number a page prints as its header or footer is one more copy that must agree.
  for (const { labelled, ...piece } of numberHeaders)
    raw.numberCopies.push({ label: labelled ? "登记证明编号" : "", field: "certificateNumber", pieces: [piece] });
  return raw;
}
