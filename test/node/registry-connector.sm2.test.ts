/**
 * The connector's parameter encryption (services/registry-connector/sm2-parameter.mjs) against the
 * layout the registry's published client writes: upper-case hex of the DER SEQUENCE {x1, y1, C3, C2}, as
 * ASCII bytes. The layout is checked here on its own terms (a DER walk written in the test, C3 recomputed
 * as SM3(x2 ‖ M ‖ y2) from the ECDH point), not only by decrypting with the same library.
 */
import { sm2, sm3 } from "sm-crypto-v2";
import { describe, expect, it } from "vitest";
import { decryptParameter, encryptParameter, generateKeyPair, isPublicKey } from "../../services/registry-connector/sm2-parameter.mjs";

const keys = generateKeyPair();
const ascii = (bytes: Uint8Array) => new TextDecoder("ascii").decode(bytes);
const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** A strict DER walk of SEQUENCE {INTEGER, INTEGER, OCTET STRING, OCTET STRING}: each element's tag and content. */
function derElements(der: Uint8Array): { tag: number; content: Uint8Array }[] {
  const read = (at: number) => {
    let length = der[at + 1]!;
    let start = at + 2;
    if (length & 0x80) {
      const n = length & 0x7f;
      length = 0;
      for (let i = 0; i < n; i++) length = length * 256 + der[start + i]!;
      start += n;
    }
    return { tag: der[at]!, content: der.subarray(start, start + length), end: start + length };
  };
  const sequence = read(0);
  expect(sequence.tag).toBe(0x30);
  expect(sequence.end).toBe(der.length);
  const elements = [];
  let at = 2 + (der[1]! & 0x80 ? der[1]! & 0x7f : 0);
  while (at < der.length) {
    const element = read(at);
    elements.push({ tag: element.tag, content: element.content });
    at = element.end;
  }
  return elements;
}

/** A DER INTEGER's content as the 32-byte coordinate, checking it is minimal and positive. */
function coordinate(content: Uint8Array): Uint8Array {
  expect(content[0]! & 0x80).toBe(0);
  if (content.length > 1) expect(content[0] === 0 && (content[1]! & 0x80) === 0).toBe(false);
  const value = content[0] === 0 ? content.subarray(1) : content;
  const out = new Uint8Array(32);
  out.set(value, 32 - value.length);
  return out;
}

describe("SM2 parameters in the registry's layout", () => {
  it("writes upper-case hex ASCII of DER {x1, y1, C3, C2} with C3 = SM3(x2 ‖ M ‖ y2)", () => {
    const value = "上海示例供应链管理有限公司";
    const message = new TextEncoder().encode(value);
    for (let i = 0; i < 24; i++) {
      const text = ascii(encryptParameter(value, keys.publicKey));
      expect(text).toMatch(/^(?:[0-9A-F]{2})+$/);
      const elements = derElements(hexBytes(text));
      expect(elements.map((e) => e.tag)).toEqual([0x02, 0x02, 0x04, 0x04]);
      const [x1, y1, c3, c2] = elements.map((e) => e.content) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
      const shared = sm2.ecdh(keys.privateKey, `04${toHex(coordinate(x1))}${toHex(coordinate(y1))}`, false);
      const x2 = shared.subarray(1, 33);
      const y2 = shared.subarray(33);
      expect(toHex(c3)).toBe(sm3(Uint8Array.from([...x2, ...message, ...y2])));
      expect(c2.length).toBe(message.length);
    }
  });

  it("decrypts with the replica's private key to the exact parameter", () => {
    const values = ["1000", "false", "91310000MA1FL0XXXX", "11010519491231002X", "上海示例供应链管理有限公司", "A".repeat(2000), "é€😀", ""];
    for (const value of values) expect(decryptParameter(encryptParameter(value, keys.publicKey), keys.privateKey)).toBe(value);
  });

  it("refuses a tampered ciphertext, another key's, and bytes that are not one", () => {
    const text = ascii(encryptParameter("登录令牌", keys.publicKey));
    const flip = (at: number) => {
      const digit = text[at] === "0" ? "1" : "0";
      return new TextEncoder().encode(text.slice(0, at) + digit + text.slice(at + 1));
    };
    // The last digit is in C2, 20 from the end in C3's neighbourhood of C2's header or C2, 12 in x1.
    for (const at of [text.length - 1, text.length - 20, 12, 80]) expect(decryptParameter(flip(at), keys.privateKey)).toBeNull();
    expect(decryptParameter(new TextEncoder().encode(text), generateKeyPair().privateKey)).toBeNull();
    expect(decryptParameter(new TextEncoder().encode(text.toLowerCase()), keys.privateKey)).toBeNull();
    expect(decryptParameter(new TextEncoder().encode(`${text}00`), keys.privateKey)).toBeNull();
    expect(decryptParameter(new TextEncoder().encode("not hex"), keys.privateKey)).toBeNull();
  });

  it("accepts only uncompressed public keys on the curve", () => {
    expect(isPublicKey(keys.publicKey)).toBe(true);
    expect(isPublicKey(`04${"1".repeat(128)}`)).toBe(false);
    expect(isPublicKey(keys.publicKey.slice(2))).toBe(false);
  });
});
