/**
 * @module SM2 decryption (GB/T 32918.4-2016, section 7) written for the replica alone, so that it can
 * disagree with the connector: its own curve arithmetic (BigInt, Jacobian coordinates), SM3 from
 * node:crypto (OpenSSL's, not sm-crypto-v2's), its own KDF and its own reading of the DER ciphertext
 * (GM/T 0009-2012: SEQUENCE {INTEGER x1, INTEGER y1, OCTET STRING C3, OCTET STRING C2}). It shares no
 * code with sm2-parameter.mjs, der.mjs or sm-crypto-v2: a layout the connector gets wrong is refused
 * here rather than agreed with. It decrypts only (and makes the replica's key pair).
 */
import { createHash, randomBytes } from "node:crypto";

/** The SM2 recommended curve (GB/T 32918.5-2017): y² = x³ + ax + b over F_p, base point G of order n. */
const P = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;
const A = P - 3n;
const B = 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n;
const N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;
const G = [0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n, 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n];
const BYTES = 32;

const mod = (x) => ((x % P) + P) % P;

function power(base, exponent) {
  let result = 1n;
  let b = mod(base);
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/** Jacobian doubling for a = -3 (dbl-2001-b). Infinity is Z = 0. */
function double([X, Y, Z]) {
  if (Y === 0n || Z === 0n) return [1n, 1n, 0n];
  const delta = mod(Z * Z);
  const gamma = mod(Y * Y);
  const beta = mod(X * gamma);
  const alpha = mod(3n * (X - delta) * (X + delta));
  const X3 = mod(alpha * alpha - 8n * beta);
  const Z3 = mod((Y + Z) ** 2n - gamma - delta);
  const Y3 = mod(alpha * (4n * beta - X3) - 8n * gamma * gamma);
  return [X3, Y3, Z3];
}

/** Jacobian addition (add-2007-bl). */
function add(p1, p2) {
  if (p1[2] === 0n) return p2;
  if (p2[2] === 0n) return p1;
  const [X1, Y1, Z1] = p1;
  const [X2, Y2, Z2] = p2;
  const Z1Z1 = mod(Z1 * Z1);
  const Z2Z2 = mod(Z2 * Z2);
  const U1 = mod(X1 * Z2Z2);
  const U2 = mod(X2 * Z1Z1);
  const S1 = mod(Y1 * Z2 * Z2Z2);
  const S2 = mod(Y2 * Z1 * Z1Z1);
  if (U1 === U2) return S1 === S2 ? double(p1) : [1n, 1n, 0n];
  const H = mod(U2 - U1);
  const R = mod(S2 - S1);
  const H2 = mod(H * H);
  const H3 = mod(H * H2);
  const U1H2 = mod(U1 * H2);
  const X3 = mod(R * R - H3 - 2n * U1H2);
  return [X3, mod(R * (U1H2 - X3) - S1 * H3), mod(H * Z1 * Z2)];
}

/** k·(x, y) in affine coordinates; null at infinity. */
function multiply(k, [x, y]) {
  let result = [1n, 1n, 0n];
  let addend = [x, y, 1n];
  for (let e = k; e > 0n; e >>= 1n) {
    if (e & 1n) result = add(result, addend);
    addend = double(addend);
  }
  if (result[2] === 0n) return null;
  const zInverse = power(result[2], P - 2n);
  const z2 = mod(zInverse * zInverse);
  return [mod(result[0] * z2), mod(result[1] * z2 * zInverse)];
}

const onCurve = ([x, y]) => x < P && y < P && mod(y * y) === mod(x * x * x + A * x + B);
const bytesOf = (n) => Buffer.from(n.toString(16).padStart(BYTES * 2, "0"), "hex");
const sm3 = (...parts) => createHash("sm3").update(Buffer.concat(parts)).digest();

/** KDF (GB/T 32918.4, 5.4.3): SM3(Z ‖ ct) for ct = 1, 2, … as 32-bit big-endian, cut to `length` bytes. */
function kdf(z, length) {
  const out = [];
  for (let ct = 1; out.length * BYTES < length; ct++) {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(ct);
    out.push(sm3(z, counter));
  }
  return Buffer.concat(out).subarray(0, length);
}

/** A DER TLV at `at`: its tag, its value's bounds; throws on a length that is not minimal or overruns. */
function tlv(der, at) {
  const tag = der[at];
  let length = der[at + 1];
  let start = at + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets < 1 || octets > 2 || der[start] === 0) throw new Error("bad DER length");
    length = octets === 1 ? der[start] : der.readUInt16BE(start);
    if (length < 0x80) throw new Error("DER length not minimal");
    start += octets;
  }
  if (start + length > der.length) throw new Error("DER overruns");
  return { tag, value: der.subarray(start, start + length), end: start + length };
}

/** The ciphertext's four parts, read strictly: minimal positive INTEGERs, a 32-byte C3, nothing after. */
function readCiphertext(der) {
  const outer = tlv(der, 0);
  if (outer.tag !== 0x30 || outer.end !== der.length) throw new Error("not one SEQUENCE");
  const parts = [];
  for (let at = 0; at < outer.value.length;) {
    const part = tlv(outer.value, at);
    parts.push(part);
    at = part.end;
  }
  const [x, y, c3, c2] = parts;
  if (parts.length !== 4 || x.tag !== 0x02 || y.tag !== 0x02 || c3.tag !== 0x04 || c2.tag !== 0x04) throw new Error("not {x, y, C3, C2}");
  for (const int of [x, y]) {
    const v = int.value;
    if (v.length === 0 || v[0] & 0x80 || (v.length > 1 && v[0] === 0 && !(v[1] & 0x80))) throw new Error("INTEGER not minimal and positive");
  }
  if (c3.value.length !== BYTES) throw new Error("C3 is not an SM3 digest");
  const int = (v) => BigInt(`0x${Buffer.from(v).toString("hex")}`);
  return { c1: [int(x.value), int(y.value)], c3: c3.value, c2: c2.value };
}

/**
 * A parameter as the registry would read it: ASCII upper-case hex of the DER ciphertext → the UTF-8 text,
 * or null (bad hex, DER, a point off the curve, C3 not matching, not UTF-8).
 * @param {Uint8Array} ascii @param {string} privateKeyHex
 */
export function decryptParameter(ascii, privateKeyHex) {
  const hex = Buffer.from(ascii).toString("latin1");
  if (!/^(?:[0-9A-F]{2})+$/.test(hex)) return null;
  try {
    const { c1, c3, c2 } = readCiphertext(Buffer.from(hex, "hex"));
    if (!onCurve(c1)) return null;
    const shared = multiply(BigInt(`0x${privateKeyHex}`), c1);
    if (!shared) return null;
    const [x2, y2] = shared.map(bytesOf);
    const t = kdf(Buffer.concat([x2, y2]), c2.length);
    if (c2.length > 0 && t.every((b) => b === 0)) return null;
    const message = Buffer.from(c2.map((b, i) => b ^ t[i]));
    if (!sm3(x2, message, y2).equals(Buffer.from(c3))) return null;
    return new TextDecoder("utf-8", { fatal: true }).decode(message);
  } catch {
    return null;
  }
}

/** A fresh key pair: d in [1, n-2], the public key uncompressed (04 ‖ x ‖ y) in upper-case hex. */
export function generateKeyPair() {
  let d = 0n;
  while (d < 1n || d > N - 2n) d = BigInt(`0x${randomBytes(BYTES).toString("hex")}`);
  const [x, y] = multiply(d, G);
  return { publicKey: `04${bytesOf(x).toString("hex")}${bytesOf(y).toString("hex")}`.toUpperCase(), privateKey: bytesOf(d).toString("hex") };
}
