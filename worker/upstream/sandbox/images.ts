/**
 * @module Tiny valid image files for image attachments: a grey PNG built in code (stored deflate blocks,
 * CRC-32 and Adler-32 per RFC 2083 / RFC 1950 / RFC 1951) and a 1x1 baseline JPEG.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function be32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function chunk(type: string, data: number[]): number[] {
  const body = new Uint8Array([...type].map((c) => c.charCodeAt(0)).concat(data));
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}

/** A `size` x `size` 8-bit greyscale PNG of one shade. */
export function greyPng(size = 16, shade = 200): Uint8Array {
  const raw: number[] = [];
  for (let y = 0; y < size; y++) raw.push(0, ...new Array<number>(size).fill(shade));
  let a = 1;
  let b = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  // zlib header, one final stored block (raw.length < 65536), Adler-32.
  const zlib = [0x78, 0x01, 0x01, raw.length & 0xff, raw.length >>> 8, ~raw.length & 0xff, (~raw.length >>> 8) & 0xff, ...raw, ...be32(((b << 16) | a) >>> 0)];
  return new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk("IHDR", [...be32(size), ...be32(size), 8, 0, 0, 0, 0]),
    ...chunk("IDAT", zlib),
    ...chunk("IEND", []),
  ]);
}

/** 1x1 grey baseline JPEG: one quantisation table, one-code Huffman tables, a DC-only scan. */
export function tinyJpeg(): Uint8Array {
  return new Uint8Array([
    0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1),
    0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00,
    0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...new Array<number>(15).fill(0), 0x03,
    0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...new Array<number>(15).fill(0), 0x00,
    0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x57,
    0xff, 0xd9,
  ]);
}
