/**
 * @module Page furniture of a document, found by where text stands and how it repeats, never by what it
 * says: running headers and footers (a line at the top or bottom of most pages, the same but for its
 * page number, and at the same height where positions are known), page-number lines ("第 2 页 共 5 页",
 * "2/5", "- 2 -", "Page 2 of 5", a bare number at a page's edge; whatever is printed beside such a
 * number on its line belongs to the footer too, "<issuer> 第 1 页 共 1 页"), and text repeated at the
 * same place on most pages anywhere on them (a watermark laid flat). Rotated text (a diagonal watermark)
 * never reaches page text: extraction drops it (worker/pdf/extract.ts).
 *
 * Furniture is never evidence: matching skips it and snippets stop at it (worker/domain/check-matching.ts).
 * Ranges are UTF-16 offsets in the page text as served, [start, end), sorted, a whole line each.
 */
import { lineGeometry, type PageText } from "./page";

export interface TextRange {
  start: number;
  end: number;
}

/** Lines this close to the top or bottom of a page (by position among its lines) may be running furniture. */
const EDGE_LINES = 3;

/** A page number standing alone, or at a line's start or end beside other text (after or before white space). */
const PAGE_NUMBER = String.raw`(?:第\s*\d{1,4}\s*页(?:\s*[,，/／]?\s*共\s*\d{1,4}\s*页)?|共\s*\d{1,4}\s*页\s*[,，/／]?\s*第\s*\d{1,4}\s*页|\d{1,4}\s*[/／]\s*\d{1,4}|[-—–]\s*\d{1,4}\s*[-—–]|page\s*\d{1,4}(?:\s*of\s*\d{1,4})?)`;
const PAGE_NUMBER_LINE = new RegExp(String.raw`^(?:${PAGE_NUMBER}|\d{1,3})$|^${PAGE_NUMBER}\s|\s${PAGE_NUMBER}$`, "i");

interface Line {
  start: number;
  end: number;
  text: string;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let offset = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) out.push({ start: offset + lead, end: offset + lead + trimmed.length, text: trimmed });
    offset += raw.length + 1;
  }
  return out;
}

/** A line's identity across pages: no white space, page-number-sized digit runs as "#" (long numbers stay: an invoice number is content). */
const repeatKey = (text: string) => text.replace(/\s/g, "").replace(/(?<!\d)\d{1,4}(?!\d)/g, "#");

/**
 * Where a line stands: its height on the page (to 3 pt) when positions are known, else its place from the
 * top or the bottom, at an edge only (the n-th line of a body says nothing about a watermark: two pages'
 * n-th lines may be the same city of two addresses).
 */
function placeKeys(page: PageText, lines: readonly Line[], i: number, edge: boolean): string[] {
  const line = lines[i] as Line;
  const geometry = lineGeometry(page, line.start, line.end);
  if (geometry) return [`y${Math.round(geometry.top / 3)}x${Math.round(geometry.x / 3)}`];
  return edge ? [`t${i}`, `b${lines.length - 1 - i}`] : [];
}

/** Per page, the ranges of its furniture. */
export function documentFurniture(pages: readonly PageText[]): TextRange[][] {
  const lines = pages.map((p) => linesOf(p.text));
  const isEdge = (p: number, i: number) => i < EDGE_LINES || i >= (lines[p]?.length ?? 0) - EDGE_LINES;
  // Keys of lines at the same place with the same text on most pages: edge lines up to their page number,
  // lines elsewhere exactly (a watermark laid flat; a table's header repeated on every page stands at an edge).
  const counts = new Map<string, number>();
  const keysOf = (p: number, i: number): string[] => {
    const line = lines[p]?.[i] as Line;
    const edge = isEdge(p, i);
    const text = edge ? `e${repeatKey(line.text)}` : `m${line.text}`;
    return placeKeys(pages[p] as PageText, lines[p] ?? [], i, edge).map((place) => `${text}@${place}`);
  };
  if (pages.length >= 2)
    lines.forEach((pageLines, p) => {
      const seen = new Set(pageLines.flatMap((_, i) => keysOf(p, i)));
      for (const key of seen) counts.set(key, (counts.get(key) ?? 0) + 1);
    });
  const needed = Math.max(2, Math.ceil(pages.length * 0.6));
  // Text in a page's body is a watermark only when every page prints it there: a short value ("限公司", a
  // name's wrapped tail) can stand at the same place of a table on two pages of three by chance.
  const neededInBody = pages.length;
  const repeated = (key: string) => (counts.get(key) ?? 0) >= (key.startsWith("m") ? neededInBody : needed);
  return lines.map((pageLines, p) =>
    pageLines
      .filter((line, i) => (isEdge(p, i) && PAGE_NUMBER_LINE.test(line.text)) || keysOf(p, i).some(repeated))
      .map((line) => ({ start: line.start, end: line.end })),
  );
}

/** Whether [start, end) touches a furniture range. */
export function touchesFurniture(ranges: readonly TextRange[], start: number, end: number): boolean {
  return ranges.some((r) => r.start < end && start < r.end);
}
