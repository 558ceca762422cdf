/** Types of pictures.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
import type { Pixels } from "./engine.mjs";
export function preparePicture(bytes: Uint8Array, kind: "jpeg" | "png" | "tiff" | "bmp"): Promise<Prepared>;
/** `pixels`: what the engine reads (padded to multiples of 32); `content`: the same unpadded; `width` × `height`: the picture's own size. */
export interface Prepared {
  pixels: Pixels;
  content: Pixels;
  width: number;
  height: number;
  scale: number;
}
/** A prepared picture turned `turn` degrees clockwise, prepared again. */
export function turnPicture(picture: Prepared, turn: number): Promise<Prepared>;
export function encodePicture(pixels: Pixels): Promise<Buffer>;
export function greyPixels(pixels: Pixels): Pixels;
