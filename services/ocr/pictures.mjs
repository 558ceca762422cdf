/**
 * @module Any accepted picture to what the engine reads best: upright (EXIF orientation applied), on
 * white (alpha flattened), RGBA pixels, padded right and bottom to a multiple of 32 pixels.
 * PP-OCR's detector needs sides that are multiples of 32 and the engine otherwise resizes with
 * "contain", which moves every box; padding keeps engine pixels equal to picture pixels. Pages
 * larger than MAX_SIDE on their long side are scaled down first and boxes scaled back (`scale`).
 */
import { createRequire } from "node:module";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { OcrError } from "./errors.mjs";

/** The engine's own sharp (a dependency of @gutenye/ocr-node): one libvips in the process, one version. */
const sharp = createRequire(import.meta.resolve("@gutenye/ocr-node"))("sharp");

/** A page's longest side: beyond it, time grows with area and small print gains nothing. */
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
 * @typedef {{pixels: {data: Buffer, width: number, height: number}, content: {data: Buffer, width: number, height: number},
 *   width: number, height: number, scale: number}} Prepared
 *   `pixels`: RGBA, padded; what the engine reads (no PNG between: encoding and decoding a 200-dpi page
 *   costs more than a tenth of a CPU second each way); `content`: the same before padding;
 *   `width` × `height`: the picture's own size, `scale`: pixels per picture pixel
 */

/**
 * @param {Uint8Array} bytes @param {"jpeg"|"png"|"tiff"|"bmp"} kind
 * @returns {Promise<Prepared>}
 */
export async function preparePicture(bytes, kind) {
  try {
    const source = kind === "bmp" ? await bmpToPng(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const upright = await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .flatten({ background: WHITE })
      .toColourspace("srgb")
      .ensureAlpha(1)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = upright.info;
    const raw = { raw: { width, height, channels: 4 } };
    // As the detector's cap (engine.mjs), on a page's long side: a strip of pages scanned as one picture
    // (the registry has 1666 × 11715 ones) keeps its pages' resolution, where its own long side would
    // shrink it to a third and its print below what the recogniser reads.
    const scale = Math.min(1, MAX_SIDE / Math.min(Math.max(width, height), Math.min(width, height) * Math.SQRT2));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const pixels = scale < 1 ? await sharp(upright.data, raw).resize(w, h).raw().toBuffer() : upright.data;
    return { pixels: paddedWhite(pixels, w, h), content: { data: pixels, width: w, height: h }, width, height, scale };
  } catch (error) {
    if (error instanceof OcrError) throw error;
    throw new OcrError("UNREADABLE");
  }
}

/**
 * A prepared picture turned `turn` degrees clockwise (90, 180, 270: a page scanned sideways or upside
 * down, ./orientation.mjs), prepared again: its size is the turned picture's.
 * @param {Prepared} picture @returns {Promise<Prepared>}
 */
export async function turnPicture(picture, turn) {
  const { data, width, height } = picture.content;
  const turned = await sharp(data, { raw: { width, height, channels: 4 } })
    .rotate(turn)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const quarter = turn === 90 || turn === 270;
  return {
    pixels: paddedWhite(turned.data, turned.info.width, turned.info.height),
    content: { data: turned.data, width: turned.info.width, height: turned.info.height },
    width: quarter ? picture.height : picture.width,
    height: quarter ? picture.width : picture.height,
    scale: picture.scale,
  };
}

const pad32 = (n) => Math.max(32, Math.ceil(n / 32) * 32);

/** RGBA rows copied into a white picture padded right and bottom to multiples of 32 (a copy: sharp's extend is another pass through libvips, 0.04 CPU s a page). */
function paddedWhite(data, width, height) {
  const padWidth = pad32(width);
  const padHeight = pad32(height);
  if (padWidth === width && padHeight === height) return { data, width, height };
  const out = Buffer.alloc(padWidth * padHeight * 4, 255);
  for (let y = 0; y < height; y++) out.set(data.subarray(y * width * 4, (y + 1) * width * 4), y * padWidth * 4);
  return { data: out, width: padWidth, height: padHeight };
}

/** The prepared pixels as a PNG (for an engine that takes encoded pictures: @gutenye/ocr-node, the bench's baseline). */
export function encodePicture(pixels) {
  return sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** The prepared pixels as one grey byte each (what words.mjs looks for gaps in), ITU-R BT.601 luma. */
export function greyPixels(pixels) {
  const { data, width, height } = pixels;
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) grey[i] = Math.round(0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2]);
  return { data: grey, width, height };
}
