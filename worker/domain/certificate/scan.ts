/**
 * @module Label-driven scan of a certificate's content lines into raw values: registration-level fields,
 * party blocks (opened by a role heading or a role-prefixed label, closed by a section heading or a
 * non-party label), declared attachments and the title. Layout-tolerant:
 * - several label/value pairs on one line (a four-column table row), found at cell boundaries or colons;
 * - a value on its label's line, on the next lines (wrapped, over page breaks), or before its label (a
 *   table row whose label cell is centred beside a tall value cell): lines that no open value accepts wait,
 *   and the next label of the same block takes them when its field can read them;
 * - a typed value (number, date, amount, code) takes a continuation line only while it is incomplete
 *   ("0283 6616 0003" + "4341 8599"), so a line the parser does not know never glues onto a finished value;
 * - a wide vertical gap (a new table row) ends a value.
 * Lines that belong to nothing are kept as strays and reported. Each value keeps its page pieces.
 */
import { type CellItem, readCells } from "./cells";
import { splitColumns } from "./columns";
import { FIELD_READERS, isLongText } from "./field-kinds";
import { type FieldKey, type LabelMatch, type Role, isSectionHeading, matchRoleHeading, roleOf } from "./labels";
import type { PageContent, SourceLine } from "./lines";
import { joinWrappedLabels } from "./wrapped-labels";
import { typesetRole } from "./typeset-headings";
import { registerTypeOfTitle } from "./values";
import type { Piece } from "./piece";
import { AWAITING_COLUMN_REACH_EM, CELL_EDGE_EM, ROW_BREAK_EM, ROW_BREAK_SPACING, SPACING_QUANTILE } from "./layout-rules";

export type { Piece };

export interface RawValue {
  label: string;
  field: FieldKey;
  pieces: Piece[];
  /** x where the value starts on its first line, when positions are known: wrapped lines of the same cell align with it. */
  x: number | null;
  /** Page and bottom of the line that last added to the value (for row breaks). */
  lastBottom: number | null;
  /** The value's text line by line, when read by geometry (a list of attachment names, one a line). */
  lines?: string[];
  /** Lines no rule placed that stand against the value's cell, when read by geometry: the value is not vouched for. */
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
/** "标签：值" with an unknown label: ends a short value rather than gluing onto it. */
const UNKNOWN_LABEL = /^[\u4e00-\u9fff（）()/]{2,14}\s*[:：]/;

/** True while a value has no text yet (cheap: no joining, for long values read line by line). */
function isEmpty(value: RawValue): boolean {
  return value.pieces.every((p) => p.text.trim() === "");
}

export function joinPieces(value: RawValue | undefined): string | null {
  if (!value || value.pieces.length === 0) return null;
  const text = value.pieces
    .map((p) => p.text)
    .join("")
    .trim();
  return text === "" ? null : text;
}

function pieceOf(line: SourceLine, from: number, to: number): Piece | null {
  const raw = line.text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  if (!text) return null;
  const start = line.start + from + lead;
  return { page: line.page, start, end: start + text.length, text };
}

/** Vertical gap above the line larger than a line's spacing: a new table row or paragraph. */
function rowBreakBefore(line: SourceLine, previous: SourceLine | undefined, typicalGap: number | null): boolean {
  const g = line.geometry;
  const p = previous?.geometry;
  if (!g || !p || !previous || previous.page !== line.page || typicalGap === null) return false;
  const gap = g.top - p.bottom;
  return gap > Math.max(typicalGap * ROW_BREAK_SPACING, typicalGap + g.size * ROW_BREAK_EM);
}

/** The most common gap between consecutive lines of a page: the spacing inside a paragraph or cell. */
function typicalGaps(lines: readonly SourceLine[]): Map<number, number> {
  const byPage = new Map<number, number[]>();
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (!a?.geometry || !b?.geometry || a.page !== b.page) continue;
    const gap = b.geometry.top - a.geometry.bottom;
    if (gap < 0) continue;
    const list = byPage.get(b.page) ?? [];
    list.push(gap);
    byPage.set(b.page, list);
  }
  const out = new Map<number, number>();
  for (const [page, gaps] of byPage) {
    gaps.sort((x, y) => x - y);
    // The lower quartile: tall multi-line cells are rarer than single-line rows, but their spacing is the tight one.
    out.set(page, gaps[Math.floor(gaps.length * SPACING_QUANTILE)] ?? 0);
  }
  return out;
}

/** A certificate of which nothing is read yet. */
export function emptyRawCertificate(): RawCertificate {
  return { fields: new Map(), parties: [], attachments: [], numberCopies: [], titleType: null, strayLines: [], labelCount: 0 };
}

class Scanner {
  readonly raw: RawCertificate = emptyRawCertificate();
  private party: RawParty | null = null;
  private inPreparer = false;
  /** Values opened on the last label line, left to right: wrapped lines go to the one above them. */
  private row: RawValue[] = [];
  /** Lines no value took yet, in this block. */
  private waiting: SourceLine[] = [];
  /**
   * The long value a row break interrupted: some writers (ReportLab) split a long cell into several rows.
   * Lines of the next rows that no label takes, in its column, continue it.
   */
  private suspended: RawValue | null = null;

  /** Lines no label took: the interrupted long value's when they sit in its column, strays otherwise. */
  private flushWaiting(): void {
    const value = this.suspended;
    for (const line of this.waiting) {
      const inColumn = value && (value.x === null || !line.geometry || Math.abs(line.geometry.x - value.x) <= line.geometry.size * CELL_EDGE_EM);
      const piece = inColumn ? pieceOf(line, 0, line.text.length) : null;
      if (value && piece) value.pieces.push(piece);
      else this.raw.strayLines.push(line);
    }
    this.waiting = [];
  }

  private closeBlock(): void {
    this.flushWaiting();
    this.suspended = null;
    this.row = [];
  }

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
      if ((field === "party.name" || field === "party.type") && party.fields.has(field)) party = this.newParty(party.heading);
      if (field === "party.unclassified") party.unclassified.push(value);
      else if (!party.fields.has(field)) party.fields.set(field, value);
      return;
    }
    this.party = null;
    if (field === "certificateNumber") this.raw.numberCopies.push(value);
    if (!this.raw.fields.has(field)) this.raw.fields.set(field, value);
  }

  /** Waiting lines of this block that the value's field can read, placed before its own text. */
  /**
   * Waiting lines of this block go, before their own text, to the value of this label line whose column
   * they sit in (the first value when positions are unknown), when that value's field can read them.
   */
  private claimWaiting(): void {
    if (this.waiting.length === 0) return;
    const byOwner = new Map<RawValue, SourceLine[]>();
    for (const line of this.waiting) {
      const owner = this.continued(line, 0);
      if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), line]);
    }
    const left: SourceLine[] = [];
    for (const [value, lines] of byOwner) {
      const ownText = joinPieces(value) ?? "";
      const before = lines.map((l) => l.text).join("");
      const reader = FIELD_READERS[value.field];
      const fits = reader ? reader(before + ownText) !== null : !ownText || isLongText(value.field) || lines.length <= 3;
      if (!fits) {
        left.push(...lines);
        continue;
      }
      const pieces = lines.map((l) => pieceOf(l, 0, l.text.length)).filter((p): p is Piece => p !== null);
      value.pieces.unshift(...pieces);
    }
    this.waiting = this.waiting.filter((l) => left.includes(l));
  }

  private labelLine(line: SourceLine, hits: LabelMatch[]): void {
    const first = hits[0];
    if (first && first.start > 0) this.plainText(line, 0, first.start);
    // Labels of the row above still without a value: a wrapped label cell beside this row's cells.
    const awaiting = this.row.filter((v) => v.x !== null && isEmpty(v));
    this.row = [];
    hits.forEach((hit, i) => {
      this.raw.labelCount++;
      const end = hits[i + 1]?.start ?? line.text.length;
      const value: RawValue = {
        label: hit.label.replace(/\s/g, ""),
        field: hit.field,
        pieces: [],
        x: null,
        lastBottom: line.geometry?.bottom ?? null,
      };
      const own = this.ownEnd(line, hit, end, awaiting);
      const piece = pieceOf(line, hit.valueStart, own);
      if (piece) value.pieces.push(piece);
      value.x = line.geometry ? line.geometry.xAt(piece ? piece.start - line.start : hit.valueStart) : null;
      this.place(hit, value);
      // An ignored label's value is still a value: the lines that continue it are not another field's.
      this.row.push(value);
      if (own < end) this.otherCells(line, own, end, awaiting);
    });
    this.claimWaiting();
    this.flushWaiting();
    this.suspended = null;
  }

  /**
   * Where a label's value ends on its line: at the next label, or earlier at a cell boundary when the
   * cell after it sits in the column of a label above still waiting for its value, or when the first cell
   * alone reads as the field and the whole does not ("其他 | WY5408…" under 融资合同币种).
   */
  private ownEnd(line: SourceLine, hit: LabelMatch, end: number, awaiting: readonly RawValue[]): number {
    const g = line.geometry;
    if (!g) return end;
    const cells = g.cellStarts.filter((c) => c > hit.valueStart && c < end);
    for (const c of cells) {
      const x = g.xAt(c);
      if (awaiting.some((v) => v.x !== null && v.x <= x + g.size * CELL_EDGE_EM && x - v.x < g.size * AWAITING_COLUMN_REACH_EM)) return c;
    }
    const reader = FIELD_READERS[hit.field];
    const cut = cells[0];
    if (
      reader &&
      cut !== undefined &&
      reader(line.text.slice(hit.valueStart, end).trim()) === null &&
      reader(line.text.slice(hit.valueStart, cut).trim()) !== null
    )
      return cut;
    return end;
  }

  /** Cells after a value's own: each goes to the waiting label above in its column, or waits. */
  private otherCells(line: SourceLine, from: number, to: number, awaiting: readonly RawValue[]): void {
    const g = line.geometry;
    const starts = [from, ...(g?.cellStarts.filter((c) => c > from && c < to) ?? [])];
    starts.forEach((start, k) => {
      const piece = pieceOf(line, start, starts[k + 1] ?? to);
      if (!piece || !g) return;
      const x = g.xAt(start);
      const owner = awaiting.filter((v) => v.x !== null && v.x <= x + g.size * CELL_EDGE_EM && isEmpty(v)).pop();
      if (owner) {
        owner.pieces.push(piece);
        this.row.push(owner);
      } else this.raw.strayLines.push({ ...line, start: piece.start, text: piece.text, geometry: null });
    });
  }

  /** The open value a line without labels continues: the row's value whose column the line starts in. */
  private continued(line: SourceLine, from: number): RawValue | null {
    if (this.row.length <= 1 || !line.geometry) return this.row[this.row.length - 1] ?? null;
    const x = line.geometry.xAt(from);
    let best: RawValue | null = null;
    for (const value of this.row) if (value.x === null || value.x <= x + line.geometry.size * CELL_EDGE_EM) best = value;
    return best ?? this.row[0] ?? null;
  }

  private accepts(value: RawValue, text: string): boolean {
    if (isEmpty(value)) return true;
    if (isLongText(value.field)) return true;
    const current = joinPieces(value) ?? "";
    const reader = FIELD_READERS[value.field];
    if (reader) {
      if (reader(current) !== null) return /^[（(][^）)]*[)）]$/.test(text) && value.field.toLowerCase().includes("amount");
      if (reader(current + text) !== null) return true;
      // A number still short of its digits takes more digits.
      return /^[\d\s]+$/.test(text) && /^[\d\s]+$/.test(current);
    }
    if (!isLongText(value.field) && UNKNOWN_LABEL.test(text)) return false;
    return true;
  }

  private plainText(line: SourceLine, from: number, to: number): void {
    const piece = pieceOf(line, from, to);
    if (!piece) return;
    const value = this.continued(line, from);
    if (value && this.accepts(value, piece.text)) {
      value.pieces.push(piece);
      value.lastBottom = line.geometry?.bottom ?? null;
      return;
    }
    const text = piece.text;
    if (from === 0 && to === line.text.length && !this.takeTitle(text)) this.waiting.push(line);
    else if (from !== 0 || to !== line.text.length) this.raw.strayLines.push({ ...line, start: piece.start, text });
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
          x: null,
          lastBottom: null,
          lines: item.lines,
          strayAgainst: item.strayAgainst,
        };
        this.place(item, value);
      }
    }
    return this.raw;
  }

  /** A line that is a role heading, a section heading or a title. */
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
          x: null,
          lastBottom: null,
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

  scan(input: readonly SourceLine[]): RawCertificate {
    const { lines, labels } = joinWrappedLabels(input);
    const gaps = typicalGaps(lines);
    lines.forEach((line, i) => {
      const previous = lines[i - 1];
      if (rowBreakBefore(line, previous, gaps.get(line.page) ?? null)) {
        // A new row: the open values are done unless still empty (a label above its value).
        this.flushWaiting();
        const open = this.row[this.row.length - 1];
        if (open && isLongText(open.field) && !isEmpty(open)) this.suspended = open;
        this.row = this.row.filter(isEmpty);
      }
      const role = matchRoleHeading(line.text);
      if (role) {
        this.closeBlock();
        const party = this.newParty(role.heading);
        if (role.name) {
          const start = line.start + role.nameStart;
          const value: RawValue = {
            label: role.heading,
            field: "party.name",
            pieces: [{ page: line.page, start, end: start + role.name.length, text: role.name }],
            x: null,
            lastBottom: null,
          };
          party.fields.set("party.name", value);
          this.row = [value];
        }
        return;
      }
      if (isSectionHeading(line.text)) {
        this.closeBlock();
        this.party = null;
        this.inPreparer = line.text.replace(/\s/g, "").includes("填表人");
        return;
      }
      const hits = labels[i] ?? [];
      if (hits.length > 0) this.labelLine(line, hits);
      else if (this.takeTitle(line.text.trim())) this.closeBlock();
      else if (this.row.length > 1 && line.geometry && line.geometry.cellStarts.length > 0) {
        // A row of several values wraps cell by cell: each piece continues the value in its column.
        const starts = [0, ...line.geometry.cellStarts];
        starts.forEach((start, k) => this.plainText(line, start, starts[k + 1] ?? line.text.length));
      } else this.plainText(line, 0, line.text.length);
    });
    this.closeBlock();
    return this.raw;
  }
}

/**
 * The raw values of a certificate's content lines: read by geometry (cells.ts) when every line comes with
 * its place on the page, by line order otherwise (text given without positions).
 */
export function scanLines({ lines, numberHeaders }: PageContent): RawCertificate {
  const scanner = new Scanner();
  const raw =
    lines.length > 0 && lines.every((l) => l.geometry !== null)
      ? scanner.scanCells(readCells(splitColumns(lines), (t) => scanner.isTitle(t)))
      : scanner.scan(lines);
  // The number a page prints as its header or footer is one more copy that must agree.
  for (const { labelled, ...piece } of numberHeaders)
    raw.numberCopies.push({ label: labelled ? "登记证明编号" : "", field: "certificateNumber", pieces: [piece], x: null, lastBottom: null });
  return raw;
}
