/** Types of pictures.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
import type { Pixels } from "./engine.mjs";
export function preparePicture(
  bytes: Uint8Array,
  kind: "jpeg" | "png" | "tiff" | "bmp",
): Promise<{ pixels: Pixels; width: number; height: number; scale: number }>;
export function encodePicture(pixels: Pixels): Promise<Buffer>;
export function greyPixels(pixels: Pixels): Pixels;
