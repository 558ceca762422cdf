/**
 * @module A tiny valid PNG built in code (stored deflate blocks, CRC-32 and Adler-32 per RFC 2083 /
 * RFC 1950 / RFC 1951), for tests that need an image with nothing to read in it. The sandbox's scanned
 * attachments are real pictures: see ./scans.
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
  const zlib = [
    0x78,
    0x01,
    0x01,
    raw.length & 0xff,
    raw.length >>> 8,
    ~raw.length & 0xff,
    (~raw.length >>> 8) & 0xff,
    ...raw,
    ...be32(((b << 16) | a) >>> 0),
  ];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [...be32(size), ...be32(size), 8, 0, 0, 0, 0]),
    ...chunk("IDAT", zlib),
    ...chunk("IEND", []),
  ]);
}
