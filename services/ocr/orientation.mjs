/**
 * @module Which way up a page is, and the way back. A page scanned sideways or upside down is read
 * turned upright (docs/ocr.md "Orientation"); what the service answers stays in the pixels of the
 * picture as it was sent, so that evidence boxes fall where the caller shows the picture.
 *
 * The decision uses two things the engine already has after detection: the shape of the detected
 * line boxes (lines of a sideways page are much taller than wide) and PaddleOCR's own text-direction
 * classifier (ch_ppocr_mobile_v2.0_cls, shipped with the models: 0° or 180° for one cut line). Pure:
 * numbers in, a turn out.
 */

/** A box this much longer than wide is a line of text running along that side (PaddleOCR's cutter turns a line at 1.5). */
export const LINE_ASPECT = 1.5;
/** Share of the lines' length that must run up and down before a page is taken for sideways (a form's few vertical labels must not turn it). */
export const SIDEWAYS_SHARE = 0.6;
/** The classifier's probability of 180° from which one line counts as upside down (PaddleOCR's cls_thresh). */
export const FLIPPED_PROBABILITY = 0.9;
/** Share of the voting lines' length that must read upside down before the page is turned: a majority, not a few symmetric digits (0, 1, 8 read alike both ways). */
export const FLIPPED_SHARE = 0.5;
/** Lines the classifier is asked about, the longest first: enough to outvote a few odd ones, little CPU (one 48 × 192 run each). */
export const VOTING_LINES = 24;

/** @typedef {number[][]} Quad top-left, top-right, bottom-right, bottom-left, pixels */

/** Length along and across a quad's text direction, and whether it runs up and down (taller than wide by LINE_ASPECT). */
export function lineShape(quad) {
  const [tl, tr, br, bl] = quad;
  const wide = Math.max(Math.hypot(tr[0] - tl[0], tr[1] - tl[1]), Math.hypot(br[0] - bl[0], br[1] - bl[1]));
  const high = Math.max(Math.hypot(bl[0] - tl[0], bl[1] - tl[1]), Math.hypot(br[0] - tr[0], br[1] - tr[1]));
  if (high >= wide * LINE_ASPECT) return { along: high, vertical: true };
  if (wide >= high * LINE_ASPECT) return { along: wide, vertical: false };
  return { along: 0, vertical: false };
}

/**
 * The lines whose direction the page's majority runs in, longest first, at most VOTING_LINES, and
 * whether that direction is up and down.
 * @param {Quad[]} quads
 * @returns {{sideways: boolean, voters: number[]}} `voters`: indexes into `quads`
 */
export function votingLines(quads) {
  const shapes = quads.map(lineShape);
  let up = 0;
  let across = 0;
  for (const s of shapes) {
    if (s.vertical) up += s.along;
    else across += s.along;
  }
  const sideways = up + across > 0 && up / (up + across) > SIDEWAYS_SHARE;
  const voters = shapes
    .map((s, i) => ({ ...s, i }))
    .filter((s) => s.along > 0 && s.vertical === sideways)
    .sort((a, b) => b.along - a.along)
    .slice(0, VOTING_LINES)
    .map((s) => s.i);
  return { sideways, voters };
}

/**
 * The clockwise turn (0, 90, 180 or 270 degrees) that makes the page upright, from the majority
 * direction and the classifier's 180° probability of each voting line as the engine cut it (a line of
 * a sideways page is cut turned a quarter counter-clockwise, its top first: upright for a page turned
 * a quarter clockwise).
 * @param {boolean} sideways
 * @param {{along: number, flipped: number}[]} votes `flipped`: the classifier's probability of 180°
 */
export function uprightTurn(sideways, votes) {
  const total = votes.reduce((s, v) => s + v.along, 0);
  const flipped = votes.reduce((s, v) => s + (v.flipped >= FLIPPED_PROBABILITY ? v.along : 0), 0);
  const upsideDown = total > 0 && flipped / total > FLIPPED_SHARE;
  if (sideways) return upsideDown ? 90 : 270;
  return upsideDown ? 180 : 0;
}

/** Voting lines the classifier reads in one run: a run of 24 lines costs more than two of 12 (their tensors leave the cache). */
export const VOTING_ROUND = 8;

/**
 * The turn uprightTurn will answer once every voting line has voted, when the votes so far settle it
 * whatever the lines not yet classified say (`unheard`: their lengths along), else null: the
 * classifier stops reading lines once the rest cannot change the page's turn (on an upright page,
 * usually when the longest lines holding half the length read upright).
 * @param {boolean} sideways @param {{along: number, flipped: number}[]} votes @param {number[]} unheard
 * @returns {0 | 90 | 180 | 270 | null}
 */
export function settledTurn(sideways, votes, unheard) {
  const rest = unheard.reduce((s, along) => s + along, 0);
  const total = votes.reduce((s, v) => s + v.along, 0) + rest;
  const flipped = votes.reduce((s, v) => s + (v.flipped >= FLIPPED_PROBABILITY ? v.along : 0), 0);
  if (total > 0 && flipped / total > FLIPPED_SHARE) return sideways ? 90 : 180;
  if (total === 0 || (flipped + rest) / total <= FLIPPED_SHARE) return sideways ? 270 : 0;
  return null;
}

/**
 * A point of the picture turned `turn` degrees clockwise back into the picture as sent, whose size
 * (before the turn) is `width` × `height`.
 */
export function unturnPoint([x, y], turn, width, height) {
  if (turn === 90) return [y, height - x];
  if (turn === 180) return [width - x, height - y];
  if (turn === 270) return [width - y, x];
  return [x, y];
}

/** An axis-aligned box `[x0, y0, x1, y1]` of the turned picture, back in the picture as sent. */
export function unturnBox(box, turn, width, height) {
  const corners = [unturnPoint([box[0], box[1]], turn, width, height), unturnPoint([box[2], box[3]], turn, width, height)];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * Contract lines read on the turned picture, back in the picture as sent. The order stays the reading
 * order of the upright page; each quad keeps its corners in the line's own order (its first corner is
 * where its text starts), so a caller that follows the quad reads the line the right way.
 */
export function unturnLines(lines, turn, width, height) {
  if (turn === 0) return lines;
  return lines.map((line) => ({
    ...line,
    box: unturnBox(line.box, turn, width, height),
    ...(line.quad ? { quad: line.quad.map((p) => unturnPoint(p, turn, width, height)) } : {}),
    ...(line.words ? { words: line.words.map((w) => ({ ...w, box: unturnBox(w.box, turn, width, height) })) } : {}),
  }));
}
