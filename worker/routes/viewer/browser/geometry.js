/**
 * @module Where a location's quads fall on the drawn page (pure; the browser test imports it too).
 * evidence-locations answers quads in `normalized_top_left` coordinates: x and y are fractions of the
 * page's width and height from its top-left corner, a quad is [x1, y1, x2, y2, x3, y3, x4, y4]
 * (top-left, top-right, bottom-right, bottom-left). A box is the quad's axis-aligned bounds, so a
 * slanted OCR region is still covered whole.
 */

const unit = (v) => Math.min(1, Math.max(0, v));

/**
 * The bounds of one quad as fractions of the page, or null when it holds no point. Any even number of
 * coordinates is read as points, so a two-corner box [x0, y0, x1, y1] works as well.
 * @param {number[]} quad
 * @returns {{left: number, top: number, right: number, bottom: number} | null}
 */
export function quadBounds(quad) {
  if (!Array.isArray(quad) || quad.length < 4) return null;
  const xs = [];
  const ys = [];
  for (let i = 0; i + 1 < quad.length; i += 2) {
    if (!Number.isFinite(quad[i]) || !Number.isFinite(quad[i + 1])) return null;
    xs.push(unit(quad[i]));
    ys.push(unit(quad[i + 1]));
  }
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/**
 * The box of a quad on a page drawn `width` × `height` CSS pixels, with its top-left at (0, 0).
 * @param {number[]} quad
 * @param {number} width
 * @param {number} height
 */
export function boxOnPage(quad, width, height) {
  const b = quadBounds(quad);
  if (!b) return null;
  return { left: b.left * width, top: b.top * height, width: (b.right - b.left) * width, height: (b.bottom - b.top) * height };
}

/** Precisions that place a hit on the page; `page` and `unavailable` only say which page it is on. */
export function isPlaced(location) {
  return (
    Boolean(location) && (location.precision === "word" || location.precision === "region") && location.quads.some((q) => quadBounds(q) !== null)
  );
}
