/**
 * @module An XML answer's bytes as text, decoded by the encoding it states (XML 1.0 §4.3.3, appendix F;
 * RFC 7303 §3.2): a byte order mark first, then the HTTP charset when the answer came over HTTP with
 * one, then the `encoding` of the XML declaration, else UTF-8. The registry is Chinese and may write
 * GBK (its download names are GBK); a text that does not decode under the encoding it states, or an
 * encoding this runtime does not know, is refused rather than read as replacement characters.
 */
import { AnswerRefused } from "./bounds.mjs";

const BOMS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];
/** The declaration is at the very start; 512 bytes hold any real one. */
const DECLARATION_WINDOW = 512;
const DECLARED_ENCODING = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/;

/** The charset parameter of a Content-Type header (RFC 9110 §8.3.2), lower case; null without one. */
export function charsetOf(contentType) {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(String(contentType ?? ""));
  return m ? m[1].toLowerCase() : null;
}

/** The encoding the bytes state, and how many leading bytes (a BOM) are not text. */
function statedEncoding(bytes, httpCharset) {
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte));
  if (bom) return { encoding: bom.encoding, skip: bom.bytes.length };
  if (httpCharset) return { encoding: httpCharset, skip: 0 };
  const head = Buffer.from(bytes.subarray(0, DECLARATION_WINDOW)).toString("latin1");
  return { encoding: DECLARED_ENCODING.exec(head)?.[1] ?? "utf-8", skip: 0 };
}

/**
 * The XML text of `bytes`; throws AnswerRefused (integrity) when they do not decode as stated.
 * @param {Uint8Array} bytes
 * @param {string | null} [httpCharset] the answer's Content-Type charset, when it came over HTTP
 */
export function decodeXml(bytes, httpCharset = null) {
  const { encoding, skip } = statedEncoding(bytes, httpCharset);
  let decoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  } catch {
    throw new AnswerRefused("integrity", "the XML states an encoding this runtime does not know");
  }
  try {
    return decoder.decode(bytes.subarray(skip));
  } catch {
    throw new AnswerRefused("integrity", `the XML does not decode as the ${decoder.encoding} it states`);
  }
}
