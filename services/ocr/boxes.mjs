/**
 * @module Where the detector's text lines are: the boxes @gutenye/ocr-common's splitIntoLineImages
 * finds in the detector's binary map (OpenCV contours, each contour's minimum-area rectangle, grown by
 * PaddleOCR's unclip ratio 1.5 with Clipper, its rectangle again, boxes under 3 + 2 pixels across
 * dropped), the same computation with the same libraries, without the splitter's crop of every line
 * (it copies the whole picture into OpenCV once per line, about 0.2–0.5 CPU s a page): the engine cuts
 * the lines itself, at the recogniser's height, from the full-size page.
 */
import { createRequire } from "node:module";

const fromOcrCommon = createRequire(createRequire(import.meta.resolve("@gutenye/ocr-node")).resolve("@gutenye/ocr-common"));
const cv = fromOcrCommon("@techstark/opencv-js");
const clipper = fromOcrCommon("js-clipper");

const MIN_SIDE = 3;
const UNCLIP_RATIO = 1.5;

/**
 * @param {Uint8Array} binary one byte per pixel of the detector's map, 255 where text is likely
 * @param {number} width @param {number} height the map's size
 * @param {number} sx @param {number} sy page pixels per map pixel
 * @param {number} pageWidth @param {number} pageHeight where boxes are clipped
 * @returns {number[][][]} quadrilaterals in page pixels, in the splitter's order of corners and of boxes
 */
export function lineBoxes(binary, width, height, sx, sy, pageWidth, pageHeight) {
  const map = new cv.Mat(height, width, cv.CV_8UC1);
  map.data.set(binary);
  const contours = new cv.MatVector();
  const hierarchy = new cv.Mat();
  cv.findContours(map, contours, hierarchy, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
  const boxes = [];
  for (let i = 0; i < contours.size(); i++) {
    const contour = contours.get(i);
    const first = miniBox(contour);
    contour.delete();
    if (first.side < MIN_SIDE) continue;
    const grown = unclip(first.points);
    const grownMat = cv.matFromArray(grown.length / 2, 1, cv.CV_32SC2, grown);
    const second = miniBox(grownMat);
    grownMat.delete();
    if (second.side < MIN_SIDE + 2) continue;
    const box = second.points.map(([x, y]) => [clamp(Math.round(x * sx), 0, pageWidth), clamp(Math.round(y * sy), 0, pageHeight)]);
    const [tl, tr, , bl] = clockwise(box);
    if (Math.trunc(Math.hypot(tl[0] - tr[0], tl[1] - tr[1])) <= 3 || Math.trunc(Math.hypot(tl[0] - bl[0], tl[1] - bl[1])) <= 3) continue;
    boxes.push(box);
  }
  map.delete();
  contours.delete();
  hierarchy.delete();
  return boxes;
}

const clamp = (n, min, max) => Math.max(min, Math.min(max, n));

/** The contour's minimum-area rectangle as 4 corners (left pair, then right pair, each top first) and its short side. */
function miniBox(contour) {
  const { center, size, angle } = cv.minAreaRect(contour);
  const theta = (angle * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const dx = size.width / 2;
  const dy = size.height / 2;
  const points = [
    [center.x - dx * cos + dy * sin, center.y - dx * sin - dy * cos],
    [center.x + dx * cos + dy * sin, center.y + dx * sin - dy * cos],
    [center.x + dx * cos - dy * sin, center.y + dx * sin + dy * cos],
    [center.x - dx * cos - dy * sin, center.y - dx * sin + dy * cos],
  ].sort((a, b) => a[0] - b[0]);
  const [first, fourth] = points[1][1] > points[0][1] ? [points[0], points[1]] : [points[1], points[0]];
  const [second, third] = points[3][1] > points[2][1] ? [points[2], points[3]] : [points[3], points[2]];
  return { points: [first, second, third, fourth], side: Math.min(size.width, size.height) };
}

/** The rectangle grown outwards by area × ratio / perimeter (PaddleOCR's unclip), as flat x, y pairs. */
function unclip(box) {
  let area = 0;
  let perimeter = 0;
  for (let i = 0; i < box.length; i++) {
    const a = box[(i + box.length - 1) % box.length];
    const b = box[i];
    area += a[1] * b[0] - a[0] * b[1];
    perimeter += Math.hypot(a[0] - b[0], a[1] - b[1]);
  }
  const distance = (Math.abs(area / 2) * UNCLIP_RATIO) / perimeter;
  const offset = new clipper.ClipperOffset();
  offset.AddPath(
    box.map(([X, Y]) => ({ X, Y })),
    clipper.JoinType.jtRound,
    clipper.EndType.etClosedPolygon,
  );
  const expanded = [];
  offset.Execute(expanded, distance);
  return (expanded[0] ?? []).flatMap(({ X, Y }) => [X, Y]);
}

/** Corners as top-left, top-right, bottom-right, bottom-left (smallest and largest x + y; the others by y − x). */
function clockwise(points) {
  const sums = points.map(([x, y]) => x + y);
  const tl = points[sums.indexOf(Math.min(...sums))];
  const br = points[sums.indexOf(Math.max(...sums))];
  const rest = points.filter((p) => p !== tl && p !== br);
  const diff = rest[1].map((v, i) => v - rest[0][i]);
  return [tl, rest[diff.indexOf(Math.min(...diff))], br, rest[diff.indexOf(Math.max(...diff))]];
}
