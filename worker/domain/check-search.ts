/**
 * @module What a check searches of a document, and where a hit lies. Every page of the certificate and of
 * every read attachment is searched, all of it but its furniture: running headers and footers, page
 * numbers, a watermark laid flat (./text/furniture.ts, by place and repetition), and what only a
 * certificate prints as furniture (the issuer's name, print-time lines, the certificate number as a
 * header: ./certificate/lines.ts). The parsed fields never decide what is searched: a description the
 * reader closed early, a line it could not place, a field it never read are searched all the same. They
 * only say where a hit lies (`sourceField`): inside the property description's spans, or elsewhere on the
 * certificate. Issue 29: a reader that lost the end of a five-page description must not turn a printed
 * invoice number into "no hit, coverage complete".
 *
 * Pieces are lines, and how each follows the one before says what stands between them in the searched
 * text (./text/line-joints.ts): nothing where the page wrapped a number onto its next line (the description's
 * lines always; elsewhere where the boxes show a wrap), a break that keeps two numbers apart where they show
 * a new row or cell, both readings where they cannot tell (the wrapped one then weaker evidence).
 */
import { pageContent } from "./certificate/lines";
import { documentFurniture, touchesFurniture, type TextRange } from "./text/furniture";
import { JOINT_SEPARATOR, PageJoints, WRAPPED_SEPARATOR, wrapJoint, type Joint } from "./text/line-joints";
import type { TextBox } from "./text/page";
import type { Certificate } from "../schemas/certificate";

/** A document's pages as the search step reads them (a subset of SearchableDocument, ./check-matching.ts). */
export interface PagedDocument {
  pages: string[] | null;
  boxes?: ReadonlyArray<readonly TextBox[]> | null;
}

/**
 * A document's pages as searched: the pieces of each page that are searched (page offsets, in reading
 * order), and the ranges of each page a snippet must not reach (what is not searched, white space aside).
 */
export interface SearchedPages {
  pieces: SearchedPiece[];
  barriers: TextRange[][];
}

export interface SearchedPiece {
  page: number;
  start: number;
  end: number;
  /**
   * How the piece follows the one before it (./text/line-joints.ts); absent: as a new line. `wrap`: a value
   * the page wrapped onto its next line ("No.1" / "7904903" is No.17904903), searched as one text.
   */
  joint?: Joint;
}

/** What stands before a piece in the searched text; a joint the page cannot decide read as a wrap when `asWrap`. */
export function separatorBefore(piece: SearchedPiece, asWrap = false): string {
  return (asWrap ? WRAPPED_SEPARATOR : JOINT_SEPARATOR)[piece.joint ?? "line"];
}

/**
 * Pieces with the joints the page geometry gives between consecutive lines of one page (a piece across
 * a page break, or one already joined, keeps its own).
 */
function withJoints(pages: readonly { text: string; boxes?: readonly TextBox[] }[], pieces: SearchedPiece[]): SearchedPiece[] {
  const joints = pages.map((page) => new PageJoints(page));
  return pieces.map((piece, i) => {
    const before = pieces[i - 1];
    if (!before || piece.joint || before.page !== piece.page) return piece;
    const joint = joints[piece.page - 1]!.between(before, piece);
    return joint === "line" ? piece : { ...piece, joint };
  });
}

/** The pages of a document with their boxes, for furniture found by geometry. */
function pageTexts(doc: PagedDocument): Array<{ text: string; boxes?: readonly TextBox[] }> {
  return (doc.pages ?? []).map((text, i) => ({ text, boxes: doc.boxes?.[i] }));
}

/** What lies between the searched pieces of each page (ignoring white space): where snippets stop. */
function barriersOf(pages: readonly string[], pieces: SearchedPages["pieces"]): TextRange[][] {
  return pages.map((text, i) => {
    const own = pieces.filter((p) => p.page === i + 1).sort((a, b) => a.start - b.start);
    const gaps: TextRange[] = [];
    let at = 0;
    for (const piece of [...own, { start: text.length, end: text.length }]) {
      if (piece.start > at && text.slice(at, piece.start).trim()) gaps.push({ start: at, end: piece.start });
      at = Math.max(at, piece.end);
    }
    return gaps;
  });
}

/** An attachment: every line of every page without its furniture, wraps joined where the page shows them. */
export function attachmentPages(doc: PagedDocument): SearchedPages {
  const pages = pageTexts(doc);
  const furniture = documentFurniture(pages);
  const pieces: SearchedPiece[] = [];
  pages.forEach(({ text }, i) => {
    let at = 0;
    for (const r of [...(furniture[i] ?? []), { start: text.length, end: text.length }]) {
      for (const line of linesIn(text, at, r.start)) pieces.push({ page: i + 1, ...line });
      at = Math.max(at, r.end);
    }
  });
  return { pieces: withJoints(pages, pieces), barriers: furniture };
}

const digitsOnly = (text: string) => text.replace(/\D/g, "");

/**
 * The certificate: every line of every page but its furniture, in reading order. A 20-digit number the
 * page prints where a header stands is furniture only when it is this certificate's own number: a
 * 20-digit invoice number wrapped onto the first line of a page is content. Where the reader placed the
 * property description, its lines are one text, as the description joins them (its value column wraps
 * anywhere, inside a number too); elsewhere each line is searched as a line (a table's rows stay apart).
 */
export function certificatePages(doc: PagedDocument, certificateNumber: string, certificate: Certificate | null): SearchedPages {
  const pages = pageTexts(doc);
  const furniture = documentFurniture(pages);
  const content = pageContent(pages);
  const foreignNumbers = content.numberHeaders
    .filter((h) => !h.labelled && digitsOnly(h.text) !== digitsOnly(certificateNumber))
    .map((h) => ({ page: h.page, start: h.start, end: h.end }));
  const read = [...content.lines.map((l) => ({ page: l.page, start: l.start, end: l.start + l.text.length })), ...foreignNumbers].filter(
    (l) => !touchesFurniture(furniture[l.page - 1] ?? [], l.start, l.end),
  );
  const ownNumbers = content.numberHeaders.filter((h) => !read.some((r) => r.page === h.page && r.start === h.start));
  const pieces = [...read, ...unreadLines(doc.pages ?? [], [...read, ...ownNumbers], furniture)].sort((a, b) => a.page - b.page || a.start - b.start);
  const inDescription = pieces.map((p) => certificateFieldAt(certificate, p.page, p.start, p.end) === "property_description");
  // The description's value column wraps anywhere: its lines are one text (a number in 4-digit groups keeps its space).
  const marked = pieces.map((p, i): SearchedPiece =>
    i > 0 && inDescription[i] && inDescription[i - 1] ? { ...p, joint: descriptionJoint(doc.pages ?? [], pieces[i - 1]!, p) } : p,
  );
  return { pieces: withJoints(pages, marked), barriers: barriersOf(doc.pages ?? [], pieces) };
}

/** A wrap inside the description, from the end of piece `a` onto piece `b` (perhaps on the next page). */
function descriptionJoint(pages: readonly string[], a: SearchedPiece, b: SearchedPiece): Joint {
  if (a.page === b.page) return wrapJoint(pages[a.page - 1] ?? "", a, b);
  // Across a page break the two ends are read from their own pages.
  const before = (pages[a.page - 1] ?? "").slice(a.start, a.end);
  const after = (pages[b.page - 1] ?? "").slice(b.start, b.end);
  return wrapJoint(`${before}\n${after}`, { start: 0, end: before.length }, { start: before.length + 1, end: before.length + 1 + after.length });
}

/**
 * The lines of each page that neither the certificate's reader kept nor furniture covers: notes after the
 * end mark, a line the reader took for an issuer's or a print-time line, anything a later reader drops.
 * They are searched as lines of their own, so that what is searched never depends on what the reader
 * made of a page; only furniture found by place and repetition and the certificate's own number are left.
 */
function unreadLines(pages: readonly string[], covered: ReadonlyArray<TextRange & { page: number }>, furniture: TextRange[][]) {
  const extra: SearchedPiece[] = [];
  pages.forEach((text, i) => {
    const taken = [...covered.filter((c) => c.page === i + 1), ...(furniture[i] ?? [])].sort((a, b) => a.start - b.start);
    let at = 0;
    for (const range of [...taken, { start: text.length, end: text.length }]) {
      for (const line of linesIn(text, at, range.start)) extra.push({ page: i + 1, ...line });
      at = Math.max(at, range.end);
    }
  });
  return extra;
}

/** The non-blank lines of text[from, to), each without the white space around it. */
function linesIn(text: string, from: number, to: number): TextRange[] {
  const lines: TextRange[] = [];
  let start = from;
  for (let i = from; i <= to; i++) {
    if (i < to && text.charAt(i) !== "\n") continue;
    let [s, e] = [start, i];
    while (s < e && /\s/.test(text.charAt(s))) s++;
    while (e > s && /\s/.test(text.charAt(e - 1))) e--;
    if (e > s) lines.push({ start: s, end: e });
    start = i + 1;
  }
  return lines;
}

/** Where a hit on the certificate lies: which parsed field's text it touches. */
export type CertificateField = "property_description" | "certificate_text";

/**
 * The field of a certificate hit [start, end) on page `pageNumber`: the property description when it
 * overlaps one of the description's spans, else the certificate's text (another field, or a line the
 * reader could not place). A hit is evidence wherever it lies.
 */
export function certificateFieldAt(certificate: Certificate | null, pageNumber: number, start: number, end: number): CertificateField {
  const spans = certificate?.propertyDescriptionSpans ?? [];
  const inDescription = spans.some((s) => s.pageNumber === pageNumber && s.start !== null && s.end !== null && s.start < end && start < s.end);
  return inDescription ? "property_description" : "certificate_text";
}
