/**
 * @module One SOAP parameter, encrypted the way the registry's direct-connect interface takes it
 * (docs/registry-connector.md, "Encryption"; read from the registry's published client):
 *   the value's UTF-8 bytes → SM2 (GB/T 32918.4) to the registry's public key, C1C3C2 with
 *   C3 = SM3(x2 ‖ M ‖ y2) → DER SEQUENCE {x1, y1, C3, C2} → upper-case hex → that hex text's ASCII bytes,
 * which the SOAP layer then writes as xs:base64Binary. The replica (replica/) decrypts with the inverse.
 */
import { sm2 } from "sm-crypto-v2";
import { decodeCiphertext, encodeCiphertext } from "./der.mjs";

/** sm-crypto-v2's cipherMode for C1‖C3‖C2 (its raw output: x1‖y1 hex, then C3, then C2). */
const C1C3C2 = 1;
const COORDINATE_HEX = 64;
const DIGEST_HEX = 64;

/** True when `hex` is an uncompressed SM2 public key (04‖x‖y) on the curve. */
export function isPublicKey(hex) {
  if (typeof hex !== "string" || !/^04[0-9a-fA-F]{128}$/.test(hex)) return false;
  try {
    return sm2.verifyPublicKey(hex.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * @param {string} value the parameter's text
 * @param {string} publicKeyHex the registry's public key, uncompressed (04…)
 * @returns {Buffer} the ASCII bytes of the upper-case hex DER ciphertext
 */
export function encryptParameter(value, publicKeyHex) {
  const raw = sm2.doEncrypt(Buffer.from(value, "utf8"), publicKeyHex, C1C3C2);
  const der = encodeCiphertext({
    x: Buffer.from(raw.slice(0, COORDINATE_HEX), "hex"),
    y: Buffer.from(raw.slice(COORDINATE_HEX, 2 * COORDINATE_HEX), "hex"),
    c3: Buffer.from(raw.slice(2 * COORDINATE_HEX, 2 * COORDINATE_HEX + DIGEST_HEX), "hex"),
    c2: Buffer.from(raw.slice(2 * COORDINATE_HEX + DIGEST_HEX), "hex"),
  });
  return Buffer.from(der.toString("hex").toUpperCase(), "ascii");
}

/**
 * The inverse, for the replica and the tests: the parameter's text, or null when the bytes are not a
 * ciphertext for this key (bad hex or DER, a point off the curve, or C3 not matching: tampered).
 * @param {Uint8Array} ascii
 * @param {string} privateKeyHex
 * @returns {string | null}
 */
export function decryptParameter(ascii, privateKeyHex) {
  const hex = Buffer.from(ascii).toString("ascii");
  if (!/^(?:[0-9A-F]{2})+$/.test(hex)) return null;
  try {
    const { x, y, c3, c2 } = decodeCiphertext(Buffer.from(hex, "hex"));
    const raw = `${x.toString("hex")}${y.toString("hex")}${c3.toString("hex")}${c2.toString("hex")}`;
    // output "array": a C3 mismatch answers [] (an empty Uint8Array is a genuine empty value).
    const plain = sm2.doDecrypt(raw, privateKeyHex, C1C3C2, { output: "array" });
    return plain instanceof Uint8Array ? new TextDecoder("utf-8", { fatal: true }).decode(plain) : null;
  } catch {
    return null;
  }
}

/** A fresh key pair (the replica's; tests'): hex, public key uncompressed. */
export function generateKeyPair() {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey: publicKey.toUpperCase(), privateKey };
}
