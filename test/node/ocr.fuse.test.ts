/**
 * The load-time rewrite of the OCR models' graphs (services/ocr/onnx-fuse.mjs, issue 24): the wire-format
 * codec gives back the model it read, the rewrite removes the elementwise chains it targets, and the
 * rewritten models answer what the published ones answer (within float rounding) on a generated scan,
 * down to the engine's lines. Runs the real models (the "node" project); the CPU it saves is
 * bench/ocr-cost.mjs's (`--unfused`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { drawScanPage } from "../../bench/lib/scan-page-drawing.mjs";
import { loadEngine, loadModel, MODEL_FILES, type Pixels } from "../../services/ocr/engine.mjs";
import { fuseModel } from "../../services/ocr/onnx-fuse.mjs";
import { readModel, writeModel } from "../../services/ocr/onnx-graph.mjs";
import { preparePicture } from "../../services/ocr/pictures.mjs";
import { scanPageContent } from "../../worker/upstream/sandbox/scan-pages";

/** node:fs, loaded at run time: the workspace's types are the Workers runtime's, without Node's. */
const load = (name: string) => import(/* @vite-ignore */ name);
const { readFileSync } = (await load("node:fs")) as { readFileSync(path: string): Uint8Array };

const count = (nodes: { opType: string }[], opType: string) => nodes.filter((n) => n.opType === opType).length;

/** A `width` × `height` window of `page` from (`left`, `top`), every `step`th pixel, as the models' B, G, R planes of value / 255. */
function planes(page: Pixels, left: number, top: number, width: number, height: number, step: number): Float32Array {
  const out = new Float32Array(3 * width * height);
  const plane = width * height;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = ((top + y * step) * page.width + left + x * step) * 4;
      const t = y * width + x;
      out[t] = (page.data[p + 2] ?? 0) / 255;
      out[plane + t] = (page.data[p + 1] ?? 0) / 255;
      out[2 * plane + t] = (page.data[p] ?? 0) / 255;
    }
  return out;
}

function largestDifference(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs((a[i] ?? 0) - (b[i] ?? 0)));
  return largest;
}

/** The best class at each step of a [1, steps, classes] output. */
function bestClasses(data: Float32Array, classes: number): number[] {
  const best: number[] = [];
  for (let base = 0; base < data.length; base += classes) {
    let top = 0;
    for (let c = 1; c < classes; c++) if ((data[base + c] ?? 0) > (data[base + top] ?? 0)) top = c;
    best.push(top);
  }
  return best;
}

describe("ONNX graph codec", () => {
  it("writes back, byte for byte, a model it read and did not change", () => {
    for (const file of Object.values(MODEL_FILES)) {
      const bytes = new Uint8Array(readFileSync(file));
      const model = readModel(bytes);
      expect(model.nodes.length).toBeGreaterThan(300);
      const written = writeModel(model);
      expect(written.length).toBe(bytes.length);
      expect(written.findIndex((byte, i) => byte !== bytes[i])).toBe(-1);
    }
  });
});

describe("OCR models' graphs rewritten at load", () => {
  let page: Pixels;
  beforeAll(async () => {
    page = (await preparePicture(drawScanPage(scanPageContent(1)), "jpeg")).pixels;
  });

  it("replaces the hard-swish chains and folds the scalar affines into the convolutions", () => {
    for (const file of [MODEL_FILES.detector, MODEL_FILES.recogniser]) {
      const original = readModel(readFileSync(file)).nodes;
      const fused = fuseModel(readFileSync(file));
      const rewritten = readModel(fused.bytes).nodes;
      expect(count(original, "Clip")).toBeGreaterThan(20);
      expect(count(rewritten, "Clip")).toBe(0);
      expect(count(rewritten, "Div")).toBe(count(original, "Div") - count(original, "Clip"));
      expect(count(rewritten, "Mul")).toBeLessThan(count(original, "Mul") * 0.6);
      expect(count(rewritten, "Add")).toBeLessThan(count(original, "Add") * 0.4);
      expect(count(rewritten, "Conv")).toBe(count(original, "Conv"));
      expect(fused.before.Clip).toBe(count(original, "Clip"));
      expect(fused.after.Clip).toBeUndefined();
    }
  });

  it("rewrites the text-direction classifier too, and it answers the same probabilities", { timeout: 60_000 }, async () => {
    const original = readModel(readFileSync(MODEL_FILES.classifier)).nodes;
    const rewritten = readModel(fuseModel(readFileSync(MODEL_FILES.classifier)).bytes).nodes;
    expect(count(original, "Clip")).toBeGreaterThan(10);
    expect(count(rewritten, "Clip")).toBe(0);
    expect(count(rewritten, "Conv")).toBe(count(original, "Conv"));
    const [published, fused] = await Promise.all([false, true].map((fuseGraphs) => loadModel(MODEL_FILES.classifier, { threads: 1, fuseGraphs })));
    // Two lines of the classifier's input (3 × 48 × 192, values in [-1, 1]) cut from the generated page.
    const input = planes(page, 40, 60, 192, 48, 1).map((v) => 2 * v - 1);
    const two = new Float32Array(2 * input.length);
    two.set(input);
    two.set(
      input.map((v) => -v),
      input.length,
    );
    const [a, b] = await Promise.all([published!, fused!].map((m) => m.run(two, [2, 3, 48, 192])));
    expect(a!.dims).toEqual([2, 2]);
    a!.data.forEach((p, i) => expect(Math.abs(p - b!.data[i]!)).toBeLessThan(1e-4));
  });

  it("detects the same text probabilities on a generated scan", { timeout: 60_000 }, async () => {
    const [published, rewritten] = await Promise.all([false, true].map((fuseGraphs) => loadModel(MODEL_FILES.detector, { threads: 1, fuseGraphs })));
    // The page's top left quarter, at half size: 800 × 576.
    const input = planes(page, 0, 0, 800, 576, 2);
    const [a, b] = await Promise.all([published, rewritten].map((m) => m!.run(input, [1, 3, 576, 800])));
    expect(a!.dims).toEqual([1, 1, 576, 800]);
    expect(a!.data.some((p) => p > 0.5)).toBe(true);
    expect(largestDifference(a!.data, b!.data)).toBeLessThan(1e-4);
  });

  it("recognises with the same character probabilities, on page strips and on noise", { timeout: 60_000 }, async () => {
    const [published, rewritten] = await Promise.all(
      [false, true].map((fuseGraphs) => loadModel(MODEL_FILES.recogniser, { threads: 1, fuseGraphs })),
    );
    const noise = Float32Array.from({ length: 3 * 48 * 320 }, (_, i) => ((i * 2654435761) % 1000) / 1000);
    const inputs = [planes(page, 100, 200, 640, 48, 1), planes(page, 0, 700, 640, 48, 2), noise];
    for (const [k, input] of inputs.entries()) {
      const width = input.length / (3 * 48);
      const [a, b] = await Promise.all([published, rewritten].map((m) => m!.run(input, [1, 3, 48, width])));
      const classes = a!.dims[2]!;
      expect(largestDifference(a!.data, b!.data), `input ${k}`).toBeLessThan(1e-4);
      expect(bestClasses(b!.data, classes)).toEqual(bestClasses(a!.data, classes));
    }
  });

  it("reads the same lines through the engine", { timeout: 120_000 }, async () => {
    const [published, rewritten] = await Promise.all([false, true].map((fuseGraphs) => loadEngine({ threads: 1, fuseGraphs })));
    const [a, b] = [await published!.recognise(page), await rewritten!.recognise(page)];
    expect(a.length).toBeGreaterThan(20);
    expect(b.map((l) => l.text)).toEqual(a.map((l) => l.text));
    expect(b.map((l) => l.box)).toEqual(a.map((l) => l.box));
  });
});
