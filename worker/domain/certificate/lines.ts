/**
 * @module Page text as lines with their offsets (and, when known, their place on the page), without the
 * page furniture. Furniture found by place and repetition (running headers and footers, page-number lines,
 * a watermark laid flat) is worker/domain/text/furniture.ts's, the one reading of it that matching shares;
 * this module adds what only a certificate has: the issuer's or an agent's name, print-time lines, "<完>"
 * and the notes after it, and the certificate number printed as a running header or footer. Those copies
 * of the number are kept apart: every page that prints one must agree with the certificate.
 */
import { documentFurniture, touchesFurniture } from "../text/furniture";
import { lineGeometry, type LineGeometry, type PageText } from "../text/page";
import { isLabelPiece, isLabelPrefix, matchLabel } from "./labels";
import type { Piece } from "./piece";
import { FURNITURE_PATTERNS, FURNITURE_NAMES } from "./vocabulary";

export interface SourceLine {
  /** 1-based page number. */
  page: number;
  /** UTF-16 offset of `text` in its page's text. */
  start: number;
  /** The line without leading and trailing whitespace. */
  text: string;
  /** Where the line sits; null when the page came without positions. */
  geometry: LineGeometry | null;
  /** True for the first content line of a page after the first. */
  pageStart: boolean;
  /** On a page set in newspaper columns, the column the line stands in (worker/domain/certificate/columns.ts). */
  column?: number;
}

export interface PageContent {
  lines: SourceLine[];
  /** The certificate number as each page's header or footer prints it (the 20 digits, spaces kept), and whether a label names it. */
  numberHeaders: (Piece & { labelled: boolean })[];
}

const ISSUER = new RegExp(FURNITURE_NAMES.map((name) => [...name].join("\\s*")).join("|"), "g");
/** The end mark under the last field ("<完>", often between rules): after it, a notes page, not data. */
const END_MARK = /[<＜〈《]\s*完\s*[>＞〉》]/;
/** The end mark at the end of a line after other text, nothing but furniture after it. */
const END_MARK_AFTER_TEXT = /(?<=\S)\s*[<＜〈《]\s*完\s*[>＞〉》]?[^\p{L}\p{N}]*$/u;
const BARE_NUMBER = /^(?:\d\s*){20}$/;
const ANY_LABELLED_NUMBER = /登\s*记\s*证\s*明\s*编\s*号\s*[:：]?\s*(?:\d\s*){20}(?!\d)/;
/** The 20 digits of a certificate number on a line, spaces between groups allowed. */
const NUMBER_DIGITS = /(?<!\d)\d(?:\s?\d){19}(?!\d)/;
/** Lines this close to the top or bottom of a page (by position in the page's lines) may be running furniture. */
const EDGE_LINES = 3;

/** True when nothing but furniture tokens is on the line. */
function onlyFurniture(text: string): boolean {
  let rest = text.replace(ISSUER, "");
  for (const pattern of FURNITURE_PATTERNS) rest = rest.replace(pattern, "");
  // Nothing left but shapes and rules (a QR-like box of ■□, a line of dashes) is furniture too; punctuation
  // alone ("。" wrapped onto its own line) is text.
  return !/[\p{L}\p{N}\p{P}]/u.test(rest.replace(/[-—―─━_|｜/／·•]/g, ""));
}

const ISSUER_AT_END = new RegExp(`\\s+(?:${FURNITURE_NAMES.map((name) => [...name].join("\\s*")).join("|")})$`);
const ISSUER_AT_START = new RegExp(`^(?:${FURNITURE_NAMES.map((name) => [...name].join("\\s*")).join("|")})\\s+`);

/** A page number alone ("第2页"), no total: a footer prints 第N页 共M页; a number laid over a row prints its page only. */
const LONE_PAGE_NUMBER = /^第\s*\d{1,4}\s*页(?!\s*[,，/／]?\s*共)\s+|\s+第\s*\d{1,4}\s*页$/;

/**
 * The text beside a lone page number on a line the furniture reading took whole ("第2页 人民币" at a page's
 * top): a value the page number was printed over, when what is left is no furniture of its own.
 */
function besidePageNumber(text: string): { lead: number; text: string } | null {
  const m = LONE_PAGE_NUMBER.exec(text);
  if (!m) return null;
  const lead = m.index === 0 ? m[0].length : 0;
  const rest = m.index === 0 ? text.slice(lead) : text.slice(0, m.index);
  return rest.trim() && !onlyFurniture(rest) ? { lead, text: rest.trim() } : null;
}

/** Page numbers printed after a field on the same line ("6093…9503 第3页/共3页"). */
const PAGE_AT_END = /\s*(?:第\s*\d+\s*页\s*[,，/／]?\s*(?:共\s*\d+\s*页)?|共\s*\d+\s*页\s*[,，/／]?\s*第\s*\d+\s*页)\s*$/;

/** A line with a header's name or page number printed beside a field ("登记证明编号：… 中国人民银行征信中心"): the field alone. */
function withoutEdgeFurniture(text: string): { lead: number; text: string } {
  const page = PAGE_AT_END.exec(text);
  const unpaged = page && page.index > 0 ? text.slice(0, page.index) : text;
  const end = ISSUER_AT_END.exec(unpaged);
  let kept = end ? unpaged.slice(0, end.index) : unpaged;
  const start = ISSUER_AT_START.exec(kept);
  const lead = start ? start[0].length : 0;
  kept = kept.slice(lead);
  return kept.trim() ? { lead, text: kept } : { lead: 0, text };
}

/**
 * Words of a label, spaced or not, with nothing else on the line: its beginning ("主 合 同", "登记时间") or a
 * piece of it wrapped in its cell ("会信用"), which may stand at the same place on two pages by chance.
 */
function beginsLabel(text: string): boolean {
  const words = text.replace(/\s/g, "");
  return matchLabel(text) !== null || isLabelPrefix(words) || isLabelPiece(words);
}

interface RawLine {
  start: number;
  text: string;
}

function splitLines(pageText: string): RawLine[] {
  const out: RawLine[] = [];
  let offset = 0;
  for (const raw of pageText.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ start: offset + lead, text });
    offset += raw.length + 1;
  }
  return out;
}

/** The certificate number a furniture line prints, as a piece of its page. */
function numberIn(line: RawLine, page: number): Piece | null {
  const m = NUMBER_DIGITS.exec(line.text);
  if (!m) return null;
  const start = line.start + m.index;
  return { page, start, end: start + m[0].length, text: m[0] };
}

/**
 * Non-empty, non-furniture lines of every page in reading order, and the certificate number wherever a
 * page prints it as furniture. The number is a header or footer when it stands bare at a page's edge, when
 * it is labelled at the edge of a later page, or when its line repeats at the same place on most pages
 * (then on the first page too); as a value it follows its label in the body.
 */
export function pageContent(pages: readonly (string | PageText)[]): PageContent {
  const texts = pages.map((p) => (typeof p === "string" ? { text: p } : p));
  const split = texts.map((p) => splitLines(p.text));
  const furniture = documentFurniture(texts);
  const lines: SourceLine[] = [];
  const numberHeaders: PageContent["numberHeaders"] = [];
  let ended = false;
  let firstContent = true;
  /** A content line, without the furniture printed at its ends. */
  const pushLine = (p: number, line: RawLine) => {
    const kept = withoutEdgeFurniture(line.text);
    const from = line.start + kept.lead;
    lines.push({
      page: p + 1,
      start: from,
      text: kept.text,
      geometry: lineGeometry(texts[p] as PageText, from, from + kept.text.length),
      pageStart: p > 0 && firstContent,
    });
    firstContent = false;
  };
  split.forEach((pageLines, p) => {
    firstContent = true;
    pageLines.forEach((line, i) => {
      const { text, start } = line;
      // After the end mark only a labelled line is still a field (a notes page is not).
      if (ended && !matchLabel(text)) return;
      if (END_MARK.test(text) && onlyFurniture(text)) {
        ended = true;
        return;
      }
      // The end mark kept as text of its own after a value's last characters ("…一批。 ＜完＞", "…一批。＜完＞"):
      // the value ends before it. The certificate does not end on this line: a label wrapped beside the
      // value ("转让财产" / "描述") has its next line still to come.
      const endMark = END_MARK_AFTER_TEXT.exec(text);
      if (endMark) {
        pushLine(p, { start, text: text.slice(0, endMark.index).trimEnd() });
        return;
      }
      const bare = withoutEdgeFurniture(text).text;
      const atEdge = i < EDGE_LINES || i >= pageLines.length - EDGE_LINES;
      const labelled = ANY_LABELLED_NUMBER.test(text);
      // A labelled line repeated on every page is a field printed per page, not a running header; but for
      // the certificate number, which a header prints labelled.
      // Nor is a line whose words begin a label, a page number printed beside them ("主 合 同  第1页", a label
      // wrapped in its cell, the page's number mid-row): the label is kept, the number cut (withoutEdgeFurniture).
      const running = touchesFurniture(furniture[p] ?? [], start, start + text.length) && (labelled || (!matchLabel(text) && !beginsLabel(bare)));
      // Twenty digits alone are a header on a page's first or last line (elsewhere, a 20-digit invoice
      // number wrapped onto a line of its own is content).
      const isHeader = (BARE_NUMBER.test(bare) && (i === 0 || i === pageLines.length - 1)) || (p > 0 && atEdge && labelled);
      // A page number printed mid-row at a page's edge beside a value ("第2页  人民币"): the value is kept.
      const beside = !isHeader && running && !labelled ? besidePageNumber(text) : null;
      if (beside) {
        pushLine(p, { start: start + beside.lead, text: beside.text });
        return;
      }
      if (isHeader || running) {
        const number = isHeader || labelled ? numberIn(line, p + 1) : null;
        if (number) numberHeaders.push({ ...number, labelled });
        return;
      }
      if (onlyFurniture(text)) return;
      pushLine(p, line);
    });
  });
  return { lines, numberHeaders };
}

/** The content lines of pageContent. */
export function contentLines(pages: readonly (string | PageText)[]): SourceLine[] {
  return pageContent(pages).lines;
}
