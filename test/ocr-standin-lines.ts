/**
 * What the OCR stand-in (test/setup/ocr-standin.ts) reads in a file: lines made from the file's SHA-256,
 * so a test can tell from a stored document's sha256 which numbers its picture "shows" without knowing
 * the sandbox's pictures. Plain TypeScript: imported by the stand-in (Node) and by tests (workerd).
 */

export interface StandinLine {
  text: string;
  confidence: number;
  box: [number, number, number, number];
}

/** The size every stand-in page claims, in pixels. */
export const STANDIN_PAGE = { width: 1000, height: 1400 } as const;

/** A file whose bytes hold this is, to the stand-in, a page queued behind others: its first two calls answer busy (503 with Retry-After: 1). */
export const STANDIN_BUSY_MARKER = "standin:queued-behind-others";

/** Eight digits drawn from the hash (each hex digit mod 10), different per page and slot. */
export function standinNumber(sha256: string, page: number, slot: number): string {
  const from = (page * 16 + slot * 8) % (sha256.length - 8);
  return [...sha256.slice(from, from + 8)].map((c) => String(parseInt(c, 16) % 10)).join("");
}

/**
 * A heading, a confidently read invoice line, and (for PNG pictures only) a line read with low
 * confidence. Line i sits at y = 100 + 80 i, 40 px high; x from 50, 30 px a character.
 */
export function standinLines(sha256: string, page: number, kind: "jpeg" | "png" | "tiff" | "bmp" | "pdf"): StandinLine[] {
  const texts: Array<[string, number]> = [
    ["发票清单", 0.99],
    [`发票号码 ${standinNumber(sha256, page, 0)}`, 0.97],
  ];
  if (kind === "png") texts.push([`${standinNumber(sha256, page, 1)} 模糊`, 0.55]);
  return texts.map(([text, confidence], i) => ({ text, confidence, box: [50, 100 + 80 * i, 50 + 30 * text.length, 140 + 80 * i] }));
}
