/** Types of pictures.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
export function preparePicture(
  bytes: Uint8Array,
  kind: "jpeg" | "png" | "tiff" | "bmp",
): Promise<{ input: Uint8Array; width: number; height: number; scale: number }>;
