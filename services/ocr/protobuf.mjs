/**
 * @module The protobuf wire format, just enough to rewrite an ONNX model's graph in memory
 * (./onnx-graph.mjs): a message is a list of fields, each kept as the bytes it was read from, so what
 * is not changed (weights, shapes, metadata, fields this module does not know) is written back as it
 * was. No schema: the caller names the field numbers it reads.
 */

/** Wire types. */
export const VARINT = 0;
export const FIXED64 = 1;
export const BYTES = 2;
export const FIXED32 = 5;

/**
 * @typedef {{number: number, type: number, raw: Uint8Array, value: Uint8Array | number | bigint}} Field
 *   `raw`: the whole field as read (tag included); `value`: a varint's value (a number when it fits a
 *   safe integer, else a bigint: negative int64s), a length-delimited field's payload, a fixed field's 4 or 8 bytes
 */

/** The fields of one message, in order; payloads are views into `bytes`, not copies. */
export function readFields(bytes) {
  const fields = [];
  let at = 0;
  while (at < bytes.length) {
    const start = at;
    const [tag, afterTag] = readVarint(bytes, at);
    at = afterTag;
    const number = Number(tag) >>> 3;
    const type = Number(tag) & 7;
    let value;
    if (type === VARINT) [value, at] = readVarint(bytes, at);
    else if (type === BYTES) {
      const [length, next] = readVarint(bytes, at);
      value = bytes.subarray(next, next + Number(length));
      at = next + Number(length);
    } else if (type === FIXED64 || type === FIXED32) {
      const size = type === FIXED64 ? 8 : 4;
      value = bytes.subarray(at, at + size);
      at += size;
    } else throw new Error(`protobuf: wire type ${type} at byte ${start} is not supported`);
    if (at > bytes.length) throw new Error(`protobuf: field ${number} at byte ${start} runs past the end`);
    fields.push({ number, type, raw: bytes.subarray(start, at), value });
  }
  return fields;
}

/** A packed repeated integer field's values (int64 read as signed). */
export function packedVarints(bytes) {
  const values = [];
  for (let at = 0; at < bytes.length;) {
    const [v, next] = readVarint(bytes, at);
    values.push(Number(BigInt.asIntN(64, BigInt(v))));
    at = next;
  }
  return values;
}

/** A varint at `at` and the offset after it: a number while it fits 4 bytes' worth of bits (tags, lengths), else a bigint when past 2^53. */
function readVarint(bytes, at) {
  let result = 0;
  for (let shift = 0; shift < 28; shift += 7) {
    if (at >= bytes.length) throw new Error("protobuf: varint runs past the end");
    const byte = bytes[at++];
    result |= (byte & 0x7f) << shift;
    if (byte < 0x80) return [result >>> 0, at];
  }
  let big = BigInt(result >>> 0);
  for (let shift = 28n; ; shift += 7n) {
    if (at >= bytes.length) throw new Error("protobuf: varint runs past the end");
    const byte = bytes[at++];
    big |= BigInt(byte & 0x7f) << shift;
    if (byte < 0x80) return [big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big, at];
  }
}

function varintBytes(value) {
  let v = BigInt.asUintN(64, BigInt(value));
  const out = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return Uint8Array.from(out);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A UTF-8 string field's text. */
export const text = (field) => decoder.decode(field.value);

/** Field `number` as bytes: a string, bytes (length-delimited), or an integer (varint). */
export function field(number, value) {
  if (typeof value === "number" || typeof value === "bigint")
    return concat([varintBytes((BigInt(number) << 3n) | BigInt(VARINT)), varintBytes(value)]);
  const payload = typeof value === "string" ? encoder.encode(value) : value;
  return concat([varintBytes((BigInt(number) << 3n) | BigInt(BYTES)), varintBytes(payload.length), payload]);
}

/** A float field (wire type 5). */
export function floatField(number, value) {
  const payload = new Uint8Array(4);
  new DataView(payload.buffer).setFloat32(0, value, true);
  return concat([varintBytes((BigInt(number) << 3n) | BigInt(FIXED32)), payload]);
}

/** One buffer of `parts` in order. */
export function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
