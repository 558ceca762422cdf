/**
 * @module Line breaking for the corpus generators: a greedy break at the character that would overflow,
 * which is how report engines and most PDF libraries wrap CJK text (no word boundaries to respect).
 */

/** Anything that measures a string at a size, as pdf-lib's PDFFont and our MixedFont do. */
export interface TextMeasure {
  widthOfTextAtSize(text: string, size: number): number;
}

/** The lines `text` breaks into when each may be at most `width` wide at `size`. */
export function wrapToWidth(text: string, width: number, size: number, font: TextMeasure): string[] {
  const lines: string[] = [];
  let line = "";
  for (const ch of text) {
    if (line !== "" && font.widthOfTextAtSize(line + ch, size) > width) {
      lines.push(line);
      line = "";
    }
    line += ch;
  }
  return line === "" ? lines : [...lines, line];
}
