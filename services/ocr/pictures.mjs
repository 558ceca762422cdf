/**
 * @module Any accepted picture to what the engine reads best: upright (EXIF orientation applied), on
 * white (alpha flattened), greyscale-safe RGB PNG, padded right and bottom to a multiple of 32 pixels.
 * PP-OCR's detector needs sides that are multiples of 32 and the engine otherwise resizes with
 * "contain", which moves every box; padding keeps engine pixels equal to picture pixels. Pictures
 * larger than MAX_SIDE are scaled down first and boxes scaled back (`scale`).
 */
import { createRequire } from "node:module";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { OcrError } from "./errors.mjs";

/** The engine's own sharp (a dependency of @gutenye/ocr-node): one libvips in the process, one version. */
const sharp = createRequire(import.meta.resolve("@gutenye/ocr-node"))("sharp");

/** Longest side the detector gets: beyond it, time grows with area and small print gains nothing. */
export const MAX_SIDE = 4000;
/** Decoded-size guard against decompression bombs (a tiny file that decodes to gigapixels). */
const MAX_INPUT_PIXELS = 120_000_000;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

/** BMP is the one accepted format sharp cannot read: Skia (@napi-rs/canvas) decodes it to PNG. */
async function bmpToPng(bytes) {
  const image = await loadImage(bytes);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext("2d").drawImage(image, 0, 0);
  return canvas.encode("png");
}

/**
 * @param {Uint8Array} bytes @param {"jpeg"|"png"|"tiff"|"bmp"} kind
 * @returns {Promise<{input: Buffer, width: number, height: number, scale: number}>}
 */
export async function preparePicture(bytes, kind) {
  try {
    const source = kind === "bmp" ? await bmpToPng(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const upright = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .flatten({ background: WHITE })
      .toColourspace("srgb")
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    let pipeline = sharp(upright.data);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    if (scale < 1) pipeline = sharp(await pipeline.resize(w, h).png({ compressionLevel: 1 }).toBuffer());
    const input = await pipeline
      .extend({ right: pad32(w) - w, bottom: pad32(h) - h, background: WHITE })
      .png({ compressionLevel: 1 })
      .toBuffer();
    return { input, width, height, scale };
  } catch (error) {
    if (error instanceof OcrError) throw error;
    throw new OcrError("UNREADABLE");
  }
}

const pad32 = (n) => Math.max(32, Math.ceil(n / 32) * 32);

/** The prepared picture's pixels as one grey byte each (what words.mjs looks for gaps in). */
export async function greyPixels(input) {
  const { data, info } = await sharp(input).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
