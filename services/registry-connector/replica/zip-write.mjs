/**
 * @module Zips as the registry answers them: deflated entries whose names are GBK without the UTF-8
 * flag (a name GBK cannot spell is written UTF-8 with the flag, as a modern zip tool would). fflate
 * deflates; the headers (APPNOTE 4.3.7, 4.3.12, 4.3.16) are written here because fflate always writes
 * names as UTF-8.
 */
import { deflateSync } from "fflate";
import { crc32 } from "node:zlib";
import { encodeGbk } from "./gbk.mjs";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20;
const DEFLATE = 8;
const UTF8_FLAG = 0x0800;
/** 1980-01-01 00:00 in MS-DOS date/time: the replica's answers need no clock. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function header(size, fill) {
  const buffer = Buffer.alloc(size);
  fill(buffer);
  return buffer;
}

/**
 * @param {({name: string, bytes: Uint8Array} | {name: string, deflated: Uint8Array, crc: number, size: number})[]} files
 *   each file's bytes, or its bytes already deflated with their CRC-32 and size (replica/hostile.mjs's bomb)
 * @param {{utf8Names?: boolean, badCrc?: boolean}} [options] utf8Names: every name UTF-8 with the flag (a
 *   zip tool's way); badCrc: every CRC-32 written is not that of the entry's bytes
 */
export function writeZip(files, { utf8Names = false, badCrc = false } = {}) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const file of files) {
    const gbk = utf8Names ? null : encodeGbk(file.name);
    const name = gbk ? Buffer.from(gbk) : Buffer.from(file.name, "utf8");
    const flags = gbk ? 0 : UTF8_FLAG;
    const data = Buffer.from(file.deflated ?? deflateSync(file.bytes));
    const crc = ((file.crc ?? crc32(file.bytes)) ^ (badCrc ? 0x00000001 : 0)) >>> 0;
    const size = file.size ?? file.bytes.length;
    const common = (b, at) => {
      b.writeUInt16LE(flags, at);
      b.writeUInt16LE(DEFLATE, at + 2);
      b.writeUInt16LE(0, at + 4);
      b.writeUInt16LE(DOS_DATE, at + 6);
      b.writeUInt32LE(crc, at + 8);
      b.writeUInt32LE(data.length, at + 12);
      b.writeUInt32LE(size, at + 16);
      b.writeUInt16LE(name.length, at + 20);
    };
    const local = header(30, (b) => {
      b.writeUInt32LE(LOCAL_HEADER, 0);
      b.writeUInt16LE(VERSION, 4);
      common(b, 6);
    });
    centrals.push(
      header(46, (b) => {
        b.writeUInt32LE(CENTRAL_HEADER, 0);
        b.writeUInt16LE(VERSION, 4);
        b.writeUInt16LE(VERSION, 6);
        common(b, 8);
        b.writeUInt32LE(offset, 42);
      }),
      name,
    );
    locals.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const central = Buffer.concat(centrals);
  const end = header(22, (b) => {
    b.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    b.writeUInt16LE(files.length, 8);
    b.writeUInt16LE(files.length, 10);
    b.writeUInt32LE(central.length, 12);
    b.writeUInt32LE(offset, 16);
  });
  return Buffer.concat([...locals, central, end]);
}
