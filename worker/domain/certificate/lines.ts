/**
 * @module Page text as lines with their offsets, and page furniture: the certificate number header at
 * the top of a page, "第 N 页 共 M 页", the issuer's name, "<完>". Furniture never belongs to a field.
 */
import { ISSUERS } from "./vocabulary";

export interface SourceLine {
  /** 1-based page number. */
  page: number;
  /** UTF-16 offset of `text` in its page's text. */
  start: number;
  /** The line without leading and trailing whitespace. */
  text: string;
}

const PAGE_FOOTER = /第\s*\d+\s*页\s*[,，]?\s*共\s*\d+\s*页/g;
const END_MARK = /[<＜〈]\s*完\s*[>＞〉]/g;
const ISSUER = new RegExp(ISSUERS.map((name) => [...name].join("\\s*")).join("|"), "g");
const BARE_NUMBER = /^(?:\d\s*){20}$/;
const LABELLED_NUMBER = /^登\s*记\s*证\s*明\s*编\s*号\s*[:：]?\s*(?:\d\s*){20}$/;

/** True when nothing but furniture tokens is on the line. */
function onlyFurniture(text: string): boolean {
  return text.replace(PAGE_FOOTER, "").replace(END_MARK, "").replace(ISSUER, "").trim() === "";
}

/**
 * Non-empty, non-furniture lines of every page in reading order. The certificate number repeated as a
 * page header is furniture only as the first line of a page (as a value it follows its label).
 */
export function contentLines(pages: readonly string[]): SourceLine[] {
  const out: SourceLine[] = [];
  pages.forEach((pageText, p) => {
    let offset = 0;
    let first = true;
    for (const raw of pageText.split("\n")) {
      const lead = raw.length - raw.trimStart().length;
      const text = raw.trim();
      const start = offset + lead;
      offset += raw.length + 1;
      if (!text) continue;
      // A labelled header repeats the field of page 1: furniture from page 2 on, the field itself on page 1.
      const isHeader = first && (BARE_NUMBER.test(text) || (p > 0 && LABELLED_NUMBER.test(text)));
      first = false;
      if (isHeader || onlyFurniture(text)) continue;
      out.push({ page: p + 1, start, text });
    }
  });
  return out;
}
