/**
 * @module The registry's SM2 ciphertext layout (docs/registry-connector.md, "Encryption"): the DER of
 * `SEQUENCE { INTEGER x1, INTEGER y1, OCTET STRING C3, OCTET STRING C2 }` (GM/T 0009 §7.2, the layout
 * BouncyCastle's DerSequence writes in the registry's own client). Written and read here rather than
 * by the SM2 library so that the bytes on the wire are ours to check: minimal INTEGERs (a 0x00 before a
 * high bit), definite lengths, nothing after the SEQUENCE.
 */

const TAG = { integer: 0x02, octetString: 0x04, sequence: 0x30 };
/** The SM2 curve's coordinates are 256-bit: at most 33 bytes as a positive DER INTEGER. */
const COORDINATE_BYTES = 32;
/** C3 is an SM3 digest. */
const DIGEST_BYTES = 32;

function lengthBytes(length) {
  if (length < 0x80) return [length];
  const bytes = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

function tlv(tag, content) {
  return Buffer.concat([Buffer.from([tag, ...lengthBytes(content.length)]), content]);
}

/** A non-negative integer of big-endian bytes as a minimal DER INTEGER. */
function derInteger(bytes) {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(TAG.integer, trimmed[0] & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

/** @param {{x: Uint8Array, y: Uint8Array, c3: Uint8Array, c2: Uint8Array}} parts */
export function encodeCiphertext({ x, y, c3, c2 }) {
  const body = Buffer.concat([
    derInteger(Buffer.from(x)),
    derInteger(Buffer.from(y)),
    tlv(TAG.octetString, Buffer.from(c3)),
    tlv(TAG.octetString, Buffer.from(c2)),
  ]);
  return tlv(TAG.sequence, body);
}

/** Reads one TLV at `offset`; throws on anything but a definite, in-bounds length. */
function readTlv(bytes, offset, tag) {
  if (bytes[offset] !== tag) throw new Error(`expected tag 0x${tag.toString(16)}`);
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length === undefined) throw new Error("truncated");
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error("unsupported length");
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[start + i] ?? NaN);
    start += count;
  }
  if (!Number.isInteger(length) || start + length > bytes.length) throw new Error("truncated");
  return { content: bytes.subarray(start, start + length), end: start + length };
}

function coordinate(content) {
  if (content.length === 0 || content.length > COORDINATE_BYTES + 1 || content[0] & 0x80) throw new Error("not a coordinate");
  const value = content.length === COORDINATE_BYTES + 1 ? content.subarray(1) : content;
  const padded = Buffer.alloc(COORDINATE_BYTES);
  Buffer.from(value).copy(padded, COORDINATE_BYTES - value.length);
  return padded;
}

/**
 * The four parts of a DER ciphertext; throws when the bytes are not exactly that SEQUENCE.
 * @param {Uint8Array} der
 */
export function decodeCiphertext(der) {
  const bytes = Buffer.from(der);
  const sequence = readTlv(bytes, 0, TAG.sequence);
  if (sequence.end !== bytes.length) throw new Error("bytes after the sequence");
  const inner = sequence.content;
  const x = readTlv(inner, 0, TAG.integer);
  const y = readTlv(inner, x.end, TAG.integer);
  const c3 = readTlv(inner, y.end, TAG.octetString);
  const c2 = readTlv(inner, c3.end, TAG.octetString);
  if (c2.end !== inner.length) throw new Error("extra elements in the sequence");
  if (c3.content.length !== DIGEST_BYTES) throw new Error("C3 is not an SM3 digest");
  return { x: coordinate(x.content), y: coordinate(y.content), c3: Buffer.from(c3.content), c2: Buffer.from(c2.content) };
}
