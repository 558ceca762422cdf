/**
 * @module A page as positioned text runs: what the certificate layout produces and the PDF writers
 * (embedded font via pdf-lib, or non-embedded STSong-Light) consume. Coordinates are PDF points from the
 * bottom-left corner; `y` is the baseline.
 */
export interface TextRun {
  text: string;
  x: number;
  y: number;
  size: number;
  /** Degrees counter-clockwise (a watermark); 0 or absent for body text. */
  rotate?: number;
  /** Grey level 0 (black) to 1 (white); body text is black. */
  gray?: number;
}

export interface PageDrawing {
  width: number;
  height: number;
  runs: TextRun[];
  /** Full-page images (scans), drawn under the text. */
  images?: { png: Uint8Array }[];
}

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** Approximate advance of a character in em: CJK and full-width forms 1, ASCII about 0.6. */
export function advanceEm(ch: string): number {
  const c = ch.codePointAt(0) ?? 0;
  return c < 0x2e80 ? 0.6 : 1;
}

export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += advanceEm(ch);
  return em * size;
}
