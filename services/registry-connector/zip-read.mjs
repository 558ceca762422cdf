/**
 * @module The registry's zip answers, read within bounds (bounds.mjs) and checked (APPNOTE 6.3.10):
 * each entry's name and bytes. The central directory is the index; each entry's data is found through
 * its local header, inflated (node:zlib, raw deflate) at most up to what the bounds still allow, so a
 * zip bomb stops at the bound instead of filling memory; the inflated bytes must have the size and the
 * CRC-32 the directory states, else the zip is refused (altered bytes are never served).
 * Names without the zip's UTF-8 flag (general purpose bit 11, APPNOTE 4.4.4) are GBK, as the registry
 * writes them (its own client opens the download with Encoding.GetEncoding("GBK")); with the flag, UTF-8.
 */
import { crc32, inflateRawSync } from "node:zlib";
import { AnswerRefused, DEFAULT_BOUNDS } from "./bounds.mjs";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const ENCRYPTED_FLAG = 0x0001;
const UTF8_FLAG = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** A size or offset of 0xFFFFFFFF means the real one is in a Zip64 record (APPNOTE 4.5.3): answers this large are refused anyway. */
const ZIP64_MARK = 0xffffffff;

const gbk = new TextDecoder("gbk");
const utf8 = new TextDecoder("utf-8");

const format = (reason) => new AnswerRefused("format", reason);

function endRecordOffset(view) {
  const lowest = Math.max(0, view.byteLength - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - END_RECORD_SIZE; at >= lowest; at--) if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  throw format("not a zip: no end of central directory");
}

/** Each entry as the central directory states it, in its order. */
function centralEntries(bytes, view, maxEntries) {
  if (bytes.length < END_RECORD_SIZE) throw format("not a zip: too short");
  const end = endRecordOffset(view);
  const count = view.getUint16(end + 10, true);
  if (count > maxEntries) throw new AnswerRefused("bounds", `the zip has ${count} entries, more than REGISTRY_MAX_ZIP_ENTRIES (${maxEntries})`);
  let at = view.getUint32(end + 16, true);
  const entries = [];
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > bytes.length || view.getUint32(at, true) !== CENTRAL_FILE_HEADER) throw format("broken central directory");
    const nameLength = view.getUint16(at + 28, true);
    const entry = {
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      rawName: bytes.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength),
    };
    if ([entry.compressedSize, entry.size, entry.localOffset].includes(ZIP64_MARK)) throw format("a Zip64 entry");
    if (entry.flags & ENCRYPTED_FLAG) throw format("an encrypted entry");
    entries.push(entry);
    at += CENTRAL_HEADER_SIZE + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's compressed bytes, found through its local header. */
function compressedData(bytes, view, entry) {
  const at = entry.localOffset;
  if (at + LOCAL_HEADER_SIZE > bytes.length || view.getUint32(at, true) !== LOCAL_FILE_HEADER) throw format("broken local header");
  const start = at + LOCAL_HEADER_SIZE + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw format("an entry runs past the end of the zip");
  return bytes.subarray(start, end);
}

/**
 * The entry's bytes, inflated to at most `room` bytes, or null when it would take more: zlib stops
 * producing output at maxOutputLength (it inflates chunk by chunk), so a bomb costs `room`, never what
 * it would inflate to.
 */
function inflated(data, entry, room) {
  if (entry.method === STORED) return data.length > room ? null : data;
  if (entry.method !== DEFLATED) throw format(`compression method ${entry.method}`);
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, room) });
  } catch (error) {
    if (error?.code === "ERR_BUFFER_TOO_LARGE") return null;
    throw new AnswerRefused("integrity", "an entry does not inflate");
  }
}

/**
 * The files of a zip (directories left out), names decoded, each checked against its CRC-32 and size.
 * Throws AnswerRefused when the bytes are not a whole zip, break a bound, or fail a check.
 * @param {Uint8Array} bytes
 * @param {{maxZipEntries?: number, maxEntryBytes?: number, maxInflatedBytes?: number}} [bounds]
 * @returns {{name: string, bytes: Uint8Array}[]}
 */
export function readZip(bytes, bounds = {}) {
  try {
    return readEntries(bytes, { ...DEFAULT_BOUNDS, ...bounds });
  } catch (error) {
    // A header that points outside the bytes (DataView's RangeError) is a broken zip like any other.
    if (error instanceof AnswerRefused) throw error;
    throw format("an unreadable zip");
  }
}

function readEntries(bytes, { maxZipEntries, maxEntryBytes, maxInflatedBytes }) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const files = [];
  let total = 0;
  for (const entry of centralEntries(data, view, maxZipEntries)) {
    const name = entry.flags & UTF8_FLAG ? utf8.decode(entry.rawName) : gbk.decode(entry.rawName);
    if (name.endsWith("/")) continue;
    const room = Math.min(maxEntryBytes, maxInflatedBytes - total);
    // The stated size is checked before inflating (cheap); the inflated size is checked after (a bomb lies).
    if (entry.size > room) throw boundOf(entry.size, maxEntryBytes, maxInflatedBytes, total);
    const content = inflated(compressedData(data, view, entry), entry, room);
    if (content === null) throw boundOf(room + 1, maxEntryBytes, maxInflatedBytes, total);
    if (content.length !== entry.size) throw new AnswerRefused("integrity", "an entry's inflated size is not the size its directory states");
    if (crc32(content) !== entry.crc) throw new AnswerRefused("integrity", "an entry's CRC-32 does not match its bytes");
    total += content.length;
    files.push({ name, bytes: new Uint8Array(content.buffer, content.byteOffset, content.length) });
  }
  return files;
}

/** The bound an entry of `size` bytes breaks, named as its setting. */
function boundOf(size, maxEntryBytes, maxInflatedBytes, total) {
  return size > maxEntryBytes
    ? new AnswerRefused("bounds", `an entry inflates beyond REGISTRY_MAX_ENTRY_BYTES (${maxEntryBytes})`)
    : new AnswerRefused("bounds", `the zip inflates beyond REGISTRY_MAX_INFLATED_BYTES (${maxInflatedBytes}; ${total} taken before this entry)`);
}

/** The last path segment of an entry name (the registry's names are flat; a path would be a surprise). */
export function baseName(name) {
  return name.split(/[\\/]/).pop() ?? name;
}
