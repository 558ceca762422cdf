/**
 * @module What kind of image a file is, from its first bytes (names and declared types lie: a scan
 * uploaded as 发票.pdf, a PNG served as application/octet-stream).
 */

export type ImageKind = "jpeg" | "png" | "tiff" | "bmp";

/** Signatures: JPEG SOI + marker (FF D8 FF), PNG (89 50 4E 47), TIFF little- and big-endian (II*\0, MM\0*), BMP ("BM"). */
const SIGNATURES: ReadonlyArray<{ kind: ImageKind; bytes: readonly number[] }> = [
  { kind: "jpeg", bytes: [0xff, 0xd8, 0xff] },
  { kind: "png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { kind: "tiff", bytes: [0x49, 0x49, 0x2a, 0x00] },
  { kind: "tiff", bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { kind: "bmp", bytes: [0x42, 0x4d] },
];

/** Bytes enough to tell every signature above. */
export const SNIFF_BYTES = 4;

export function imageKind(head: Uint8Array): ImageKind | null {
  for (const { kind, bytes } of SIGNATURES) if (bytes.every((b, i) => head[i] === b)) return kind;
  return null;
}
