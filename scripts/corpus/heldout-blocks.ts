/**
 * @module Ways of grouping a printed certificate's rows that the held-out layouts share and the tuning
 * layouts never use: section titles over every block ("担保人信息"), parties numbered within their role
 * ("出质人（1）"), several label/value pairs per table row, and the debtor a page header names.
 */
import type { Block, PrintedDocument, Row } from "./document";

/** A block under a section title, its own heading replaced by the numbered party heading where it is a party. */
export interface Section {
  /** Printed once, before the first block of the section ("担保人信息"). */
  title: string | null;
  heading: string | null;
  rows: Row[];
}

const CHINESE_ORDINALS = "一二三四五六七八九十";

/** "一、", "二、" … for headings numbered as official forms number them. */
export function ordinal(k: number): string {
  return `${CHINESE_ORDINALS[k] ?? String(k + 1)}、`;
}

const TITLES = {
  registration: "登记基本信息",
  debtor: "担保人信息",
  securedParty: "担保权人信息",
  property: "担保财产信息",
  preparer: "填表人信息",
  other: "其他信息",
} as const;

/** Every section title a layout may print besides the blocks' own headings (renderers that cut fonts need their characters). */
export const SECTION_TITLES: readonly string[] = Object.values(TITLES);

function titleOf(block: Block, index: number): string {
  if (block.party) return block.party.role === "debtor" ? TITLES.debtor : TITLES.securedParty;
  const fields = block.rows.flatMap((r) => r.fields);
  if (fields.includes("propertyDescription")) return TITLES.property;
  if (fields.includes("preparer.name")) return TITLES.preparer;
  if (index === 0) return TITLES.registration;
  return block.heading ?? TITLES.other;
}

/**
 * Every block under a section title; a party block headed by its role and its number within the role
 * ("出质人（1）", "质权人（1）"), whatever the vocabulary's own heading.
 */
export function sections(doc: PrintedDocument): Section[] {
  let previous: string | null = null;
  return doc.blocks.map((block, index) => {
    const title = titleOf(block, index);
    // The section title replaces a block's own heading ("登记信息", "财产信息"); a party keeps a numbered one.
    const heading = block.party ? `${block.party.word}（${block.party.position}）` : null;
    const section = { title: title === previous ? null : title, heading, rows: block.rows };
    previous = title;
    return section;
  });
}

/** A table row: up to `perRow` short rows side by side, or one long row alone. */
export type TableLine = { kind: "pairs"; rows: Row[] } | { kind: "wide"; row: Row };

/** Short rows `perRow` to a line; a long value (or one longer than `maxShort`) gets a line of its own. */
export function tableLines(rows: Row[], perRow: number, maxShort: number): TableLine[] {
  const out: TableLine[] = [];
  let pending: Row[] = [];
  const flush = () => {
    if (pending.length) out.push({ kind: "pairs", rows: pending });
    pending = [];
  };
  for (const row of rows) {
    if (row.long || row.value.length > maxShort) {
      flush();
      out.push({ kind: "wide", row });
      continue;
    }
    pending.push(row);
    if (pending.length === perRow) flush();
  }
  flush();
  return out;
}

/** The first debtor's name, which some registries print in every page header. */
export function debtorName(doc: PrintedDocument): string {
  const block = doc.blocks.find((b) => b.party?.role === "debtor");
  return block?.rows.find((r) => r.fields.some((f) => f.endsWith(".name")))?.value ?? "";
}

/** Text in a square of ■ and □, seeded by the certificate number: what a QR code's box gives a text layer. */
export function qrLikeBox(seed: string, size = 7): string[] {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return Array.from({ length: size }, () =>
    Array.from({ length: size }, () => {
      h = Math.imul(h ^ (h >>> 13), 1274126177) >>> 0;
      return h & 1 ? "■" : "□";
    }).join(""),
  );
}

/** A verification code printed beside the box ("验证码：7F3K-29QD"), derived from the number. */
export function verificationCode(seed: string): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  let out = "";
  for (let k = 0; k < 8; k++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    out += alphabet[(h >>> 7) % alphabet.length];
    if (k === 3) out += "-";
  }
  return out;
}
