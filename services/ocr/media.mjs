/**
 * @module What a body is, by its first bytes (never by Content-Type or a file name, which clients get
 * wrong): JPEG (SOI + marker), PNG (RFC 2083 signature), TIFF (II*\0 / MM\0*), BMP ("BM"), PDF (%PDF-,
 * allowed after a little leading junk as readers do).
 */

/** @typedef {"jpeg" | "png" | "tiff" | "bmp" | "pdf"} MediaKind */

const startsWith = (bytes, signature, at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** @param {Uint8Array} bytes @returns {MediaKind | null} */
export function sniffMedia(bytes) {
  if (bytes.length < 8) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  // "BM", then a DIB header size (byte 14) of one of the known headers (12, 40, 52, 56, 108, 124).
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 18 && [12, 40, 52, 56, 108, 124].includes(bytes[14])) return "bmp";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  return null;
}
