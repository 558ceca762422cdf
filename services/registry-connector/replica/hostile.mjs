/**
 * @module Answers a hostile or careless registry may send, for the connector's bounds and checks
 * (docs/registry-connector.md, "Bounds and time budget"), each switched on by a fault spec:
 *   zip-bomb        the answer's zip holds one entry that inflates to 512 MiB (about 500 KB sent)
 *   bad-crc         the answer's zip with every entry's CRC-32 not that of its bytes
 *   gbk-xml         the list's XML written in GBK, declared `<?xml … encoding="GBK"?>`
 *   gbk-envelope    the SOAP envelope written in GBK, with `charset=GBK` in Content-Type
 *   echo-token      a fault whose text repeats the call's login token
 *   huge-answer=N   a `<return>` of N bytes (the answer's bound is the connector's to enforce)
 */
import { randomBytes } from "node:crypto";
import { crc32, createDeflateRaw } from "node:zlib";

const BOMB_MIB = 512;
const MIB = 1024 * 1024;
let bomb = null;

/** One entry's deflated zeros, its CRC-32 and size: made once per process (about two seconds), then kept. */
export function bombEntry() {
  bomb ??= (async () => {
    const zeros = Buffer.alloc(MIB);
    const deflate = createDeflateRaw({ level: 9, memLevel: 9 });
    const out = [];
    deflate.on("data", (chunk) => out.push(chunk));
    const ended = new Promise((resolve, reject) => deflate.on("end", resolve).on("error", reject));
    let crc = 0;
    for (let i = 0; i < BOMB_MIB; i++) {
      crc = crc32(zeros, crc);
      if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
    }
    deflate.end();
    await ended;
    return { deflated: Buffer.concat(out), crc, size: BOMB_MIB * MIB };
  })();
  return bomb;
}

/** The fault text of `echo-token`: an internal error that repeats the token it was called with. */
export function echoTokenFault(loginToken) {
  return `内部错误 (loginToken ${loginToken})`;
}

/** `huge-answer=N`: N random bytes to return. */
export function hugeReturn(bytes) {
  return randomBytes(Math.max(1, Math.min(Number(bytes) || MIB, 256 * MIB)));
}
