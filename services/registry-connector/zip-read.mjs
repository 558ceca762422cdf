/**
 * @module The registry's zip answers, read: each entry's name and bytes. Names without the zip's
 * UTF-8 flag (general purpose bit 11, APPNOTE 4.4.4) are GBK, as the registry writes them (its own
 * client opens the download with Encoding.GetEncoding("GBK")); with the flag, UTF-8. fflate inflates;
 * the names are decoded here from the central directory's raw bytes.
 */
import { unzipSync } from "fflate";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL_HEADER_SIZE = 46;
const UTF8_FLAG = 0x0800;

const gbk = new TextDecoder("gbk");
const utf8 = new TextDecoder("utf-8");

function endRecordOffset(view) {
  const lowest = Math.max(0, view.byteLength - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - END_RECORD_SIZE; at >= lowest; at--) if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  throw new Error("not a zip: no end of central directory");
}

/** Each entry's raw name bytes and UTF-8 flag, in central directory order. */
function centralNames(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endRecordOffset(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = [];
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > bytes.length || view.getUint32(at, true) !== CENTRAL_FILE_HEADER) throw new Error("broken central directory");
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    names.push({ raw: bytes.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength), utf8: (flags & UTF8_FLAG) !== 0 });
    at += CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
  }
  return names;
}

/** fflate's key for an entry: its name bytes as UTF-8 when flagged, else as Latin-1. */
const fflateKey = ({ raw, utf8: flagged }) => (flagged ? utf8.decode(raw) : Buffer.from(raw).toString("latin1"));

/**
 * The files of a zip (directories left out), names decoded; throws when the bytes are not a whole zip.
 * @param {Uint8Array} bytes
 * @returns {{name: string, bytes: Uint8Array}[]}
 */
export function readZip(bytes) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const names = centralNames(data);
  const contents = unzipSync(data);
  const files = [];
  for (const entry of names) {
    const name = entry.utf8 ? utf8.decode(entry.raw) : gbk.decode(entry.raw);
    if (name.endsWith("/")) continue;
    const content = contents[fflateKey(entry)];
    if (!content) throw new Error("an entry the directory names is missing");
    files.push({ name, bytes: content });
  }
  return files;
}

/** The last path segment of an entry name (the registry's names are flat; a path would be a surprise). */
export function baseName(name) {
  return name.split(/[\\/]/).pop() ?? name;
}
