/**
 * @module Where the words of a detected line are. PP-OCR detects a table row whose cells are close as
 * one line ("1 9015756055 29165625 549,063.60"), and recognises the gaps between cells as single
 * spaces: placing a number by its share of the line's characters then misses it by the width of an
 * empty cell. The ink itself says where the words are: along the line, a column inked across the
 * line's whole height is a table rule (glyphs stay inside the detector's box) and is not ink of a word, and
 * gaps wider than GAP_SHARE of the line's height separate words (letters and digits of one word sit
 * closer). When the
 * pieces found are exactly the line's words, each word gets its own box; otherwise none does (the
 * caller keeps the line's box).
 */

/** A gap at least this share of the line's height separates words (a space inside a printed phrase is narrower). */
const GAP_SHARE = 0.6;
/** Ink of words is sampled across the middle of the line only: the box may touch the table rules above and below. */
const ACROSS = [0.2, 0.8];
/** A column inked over this share of the box's whole height is a rule (or part of one). */
const RULE_INK_SHARE = 0.95;
const RULE_ACROSS = [0.03, 0.97];
/** Columns on each side of a rule column that belong to the rule. */
const RULE_EDGE = 2;

/** The quad's corners as top-left, top-right, bottom-right, bottom-left (the engine's order is not promised). */
function corners(quad) {
  const byY = [...quad].sort((a, b) => a[1] - b[1]);
  const [tl, tr] = byY.slice(0, 2).sort((a, b) => a[0] - b[0]);
  const [bl, br] = byY.slice(2).sort((a, b) => a[0] - b[0]);
  return { tl, tr, br, bl };
}

const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/**
 * @param {{data: Uint8Array, width: number, height: number}} grey one byte per pixel, the picture the quad is in
 * @param {number[][]} quad the line's 4 corners, in pixels of `grey`
 * @param {string} text the line as recognised
 * @returns {{text: string, box: number[]}[] | null} one box [x0, y0, x1, y1] per word, or null
 */
export function wordBoxes(grey, quad, text) {
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return null;
  const { tl, tr, br, bl } = corners(quad);
  const length = Math.round(Math.hypot(tr[0] - tl[0], tr[1] - tl[1]));
  const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
  if (length < 2 || height < 4) return null;
  const across = Math.max(4, Math.round(height * (ACROSS[1] - ACROSS[0])));
  const columns = sampleColumns(grey, { tl, tr, br, bl }, length, ACROSS, across);
  // The 2nd and 90th percentiles of the samples (grey levels: counted, not sorted).
  const counts = new Uint32Array(256);
  for (const v of columns) counts[v]++;
  const ink = percentile(counts, Math.floor(columns.length * 0.02));
  const paper = percentile(counts, Math.floor(columns.length * 0.9));
  if (paper - ink < 40) return null;
  const threshold = (ink + paper) / 2;
  const inked = inkedShares(columns, length, across, threshold);
  // A rule's anti-aliased or slanted edges are partly inked: clear its neighbours too.
  const ruleSamples = Math.max(8, Math.round(height));
  const ruleShares = inkedShares(sampleColumns(grey, { tl, tr, br, bl }, length, RULE_ACROSS, ruleSamples), length, ruleSamples, threshold);
  for (let i = 0; i < length; i++) {
    if (ruleShares[i] < RULE_INK_SHARE) continue;
    for (let k = i - RULE_EDGE; k <= i + RULE_EDGE; k++) if (k >= 0 && k < length) inked[k] = 0;
  }

  // Pieces: runs of inked columns, joined across gaps narrower than a word gap.
  const gap = GAP_SHARE * height;
  const pieces = [];
  for (let i = 0; i < length; i++) {
    if (inked[i] === 0) continue;
    const last = pieces.at(-1);
    if (last && i - last.end <= gap) last.end = i + 1;
    else pieces.push({ start: i, end: i + 1 });
  }
  if (pieces.length !== words.length) return null;
  return pieces.map((p, k) => {
    const points = [lerp(tl, tr, p.start / length), lerp(tl, tr, p.end / length), lerp(bl, br, p.end / length), lerp(bl, br, p.start / length)];
    const xs = points.map((q) => q[0]);
    const ys = points.map((q) => q[1]);
    return { text: words[k], box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  });
}

/**
 * `count` grey samples across the band [from, to] of the line's height at each of `length` columns
 * along it, column after column (nearest pixel: the line's own pixels, no smoothing).
 */
function sampleColumns(grey, { tl, tr, br, bl }, length, [from, to], count) {
  const samples = new Uint8Array(length * count);
  const maxX = grey.width - 1;
  const maxY = grey.height - 1;
  for (let i = 0; i < length; i++) {
    const t = (i + 0.5) / length;
    const [topX, topY] = lerp(tl, tr, t);
    const [bottomX, bottomY] = lerp(bl, br, t);
    for (let j = 0; j < count; j++) {
      const s = from + ((to - from) * (j + 0.5)) / count;
      const x = Math.min(maxX, Math.max(0, Math.round(topX + (bottomX - topX) * s)));
      const y = Math.min(maxY, Math.max(0, Math.round(topY + (bottomY - topY) * s)));
      samples[i * count + j] = grey.data[y * grey.width + x];
    }
  }
  return samples;
}

/** The `rank`th smallest value (from 0) of the values counted in `counts`. */
function percentile(counts, rank) {
  let seen = 0;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v];
    if (seen > rank) return v;
  }
  return counts.length - 1;
}

/** Per column, the share of its `count` samples darker than `threshold`. */
function inkedShares(samples, length, count, threshold) {
  const shares = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    let dark = 0;
    for (let j = 0; j < count; j++) if (samples[i * count + j] < threshold) dark++;
    shares[i] = dark / count;
  }
  return shares;
}
