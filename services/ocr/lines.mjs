/**
 * @module Engine lines as the contract gives them: an axis-aligned box and the quad, in pixels of the
 * picture read (top-left origin), a confidence in [0, 1], the words' boxes when they were found
 * (words.mjs), in reading order.
 */

const round = (n) => Math.round(n * 10) / 10;

/**
 * @param {{text: string, mean: number, box: number[][]}[]} raw lines from the engine
 * @param {{width: number, height: number}} size the picture read: coordinates are clamped into it
 */
export function toContractLines(raw, size) {
  const clampX = (x) => round(Math.min(Math.max(x, 0), size.width));
  const clampY = (y) => round(Math.min(Math.max(y, 0), size.height));
  const lines = raw
    .filter((l) => typeof l.text === "string" && l.text.trim() !== "" && Array.isArray(l.box) && l.box.length === 4)
    .map((l) => {
      const quad = l.box.map(([x, y]) => [clampX(x), clampY(y)]);
      const xs = quad.map((p) => p[0]);
      const ys = quad.map((p) => p[1]);
      const confidence = Number.isFinite(l.mean) ? Math.min(Math.max(l.mean, 0), 1) : 0;
      const line = {
        text: l.text,
        confidence: Math.round(confidence * 1e4) / 1e4,
        box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        quad,
      };
      if (!Array.isArray(l.words)) return line;
      return {
        ...line,
        words: l.words.map((w) => ({ text: w.text, box: [clampX(w.box[0]), clampY(w.box[1]), clampX(w.box[2]), clampY(w.box[3])] })),
      };
    });
  return readingOrder(lines);
}

/**
 * Top to bottom, then left to right. Two lines are on the same row when their vertical centres are
 * closer than half the shorter line's height: a photo's slight tilt must not split a table row.
 */
export function readingOrder(lines) {
  const byTop = [...lines].sort((a, b) => centreY(a) - centreY(b));
  const rows = [];
  for (const line of byTop) {
    const row = rows.at(-1);
    const last = row?.at(-1);
    if (row && last && Math.abs(centreY(line) - centreY(last)) < Math.min(height(line), height(last)) / 2) row.push(line);
    else rows.push([line]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.box[0] - b.box[0]));
}

const centreY = (l) => (l.box[1] + l.box[3]) / 2;
const height = (l) => l.box[3] - l.box[1];
