/**
 * @module Page text as lines with their offsets (and, when known, their place on the page), without the
 * page furniture: page numbers ("第 N 页 共 M 页", "第2页", "2/3", "- 2 -"), the issuer's or an agent's name,
 * print-time lines, "<完>", the certificate number as a running header, and any line that repeats at the
 * top or bottom of several pages (a header or footer we have never seen). Furniture never belongs to a field.
 */
import { lineGeometry, type LineGeometry, type PageText } from "../text/page";
import { matchLabel } from "./labels";
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
}

const ISSUER = new RegExp(FURNITURE_NAMES.map((name) => [...name].join("\\s*")).join("|"), "g");
/** The end mark under the last field ("<完>", often between rules): after it, a notes page, not data. */
const END_MARK = /[<＜〈《]\s*完\s*[>＞〉》]/;
const BARE_NUMBER = /^(?:\d\s*){20}$/;
const LABELLED_NUMBER = /^登\s*记\s*证\s*明\s*编\s*号\s*[:：]?\s*(?:\d\s*){20}$/;
const ANY_LABELLED_NUMBER = /登\s*记\s*证\s*明\s*编\s*号\s*[:：]?\s*(?:\d\s*){20}(?!\d)/;
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

/** A line with a header's name printed beside a field ("登记证明编号：… 中国人民银行征信中心"): the field alone. */
/** Page numbers printed after a field on the same line ("6093…9503 第3页/共3页"). */
const PAGE_AT_END = /\s*(?:第\s*\d+\s*页\s*[,，/／]?\s*(?:共\s*\d+\s*页)?|共\s*\d+\s*页\s*[,，/／]?\s*第\s*\d+\s*页)\s*$/;

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

/** A line's identity across pages: without spaces (page numbers are furniture patterns of their own). */
const repeatKey = (text: string) => text.replace(/\s/g, "");

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

/** Keys of lines that stand at a page's top or bottom on at least two pages (and on most pages). */
function runningLines(pages: readonly RawLine[][], texts: readonly PageText[]): Set<string> {
  const counts = new Map<string, number>();
  pages.forEach((lines, p) => {
    const edge = new Set<string>();
    lines.forEach((line, i) => {
      // A labelled line repeated on every page is a field printed per page, not a running header.
      if ((i < EDGE_LINES || i >= lines.length - EDGE_LINES) && !matchLabel(line.text)) {
        // Where positions are known, a running header or footer stands at the same height on every page.
        const top = lineGeometry(texts[p]?.boxes, line.start, line.start + line.text.length)?.top;
        edge.add(`${repeatKey(line.text)}@${top === undefined ? "" : Math.round(top / 2)}`);
      }
    });
    for (const key of edge) if (key.indexOf("@") >= 4) counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  const needed = Math.max(2, Math.ceil(pages.length * 0.6));
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key.slice(0, key.lastIndexOf("@"))));
}

/**
 * Non-empty, non-furniture lines of every page in reading order. The certificate number repeated as a
 * page header is furniture only as the first line of a page (as a value it follows its label).
 */
export function contentLines(pages: readonly (string | PageText)[]): SourceLine[] {
  const texts = pages.map((p) => (typeof p === "string" ? { text: p } : p));
  const split = texts.map((p) => splitLines(p.text));
  const running = pages.length >= 2 ? runningLines(split, texts) : new Set<string>();
  const out: SourceLine[] = [];
  let ended = false;
  split.forEach((lines, p) => {
    let firstContent = true;
    lines.forEach((line, i) => {
      const { text, start } = line;
      // After the end mark only a labelled line is still a field (a notes page is not).
      if (ended && !matchLabel(text)) return;
      if (END_MARK.test(text) && onlyFurniture(text)) {
        ended = true;
        return;
      }
      const bare = withoutEdgeFurniture(text).text;
      // A labelled header repeats the field of page 1: furniture from page 2 on, the field itself on page 1.
      const atEdgeLine = i < EDGE_LINES || i >= lines.length - EDGE_LINES;
      // The certificate number as a running header or footer: bare at a page's edge, or labelled (after a
      // name, before a page number) at the edge of a later page.
      const isHeader =
        (atEdgeLine && BARE_NUMBER.test(bare) && (i === 0 || p > 0 || i >= lines.length - EDGE_LINES)) ||
        (p > 0 && atEdgeLine && ANY_LABELLED_NUMBER.test(bare));
      const atEdge = i < EDGE_LINES || i >= lines.length - EDGE_LINES;
      const repeated = atEdge && running.has(repeatKey(text)) && !(p === 0 && LABELLED_NUMBER.test(text));
      if (isHeader || repeated || onlyFurniture(text)) return;
      const kept = withoutEdgeFurniture(text);
      const from = start + kept.lead;
      out.push({
        page: p + 1,
        start: from,
        text: kept.text,
        geometry: lineGeometry(texts[p]?.boxes, from, from + kept.text.length),
        pageStart: p > 0 && firstContent,
      });
      firstContent = false;
    });
  });
  return out;
}
