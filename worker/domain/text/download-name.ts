/**
 * @module The name a downloaded file is saved under: safe in every browser and on every file system,
 * whatever the registry (or an old row) called it. A name like "invoice\u202Efdp.exe" must not reach a
 * Save dialog as "invoice‮fdp.exe", which displays as "invoiceexe.pdf" and runs as .exe.
 *
 * - NFC, then every control, invisible or bidirectional code point (the door's rule, ../../schemas/text.ts)
 *   becomes "_": the reader sees that something stood there, and the extension shown is the real one;
 * - the characters Windows refuses in names (< > : " / \ | ? *) become "_", so no name is a path;
 * - leading dots and spaces go (no hidden file, no ".."), trailing dots and spaces go (Windows drops them);
 * - a Windows device name (CON, NUL, COM1, …, with any extension) gets a leading "_";
 * - at most MAX_NAME_CHARS characters, the extension kept (file systems allow 255 bytes; a CJK character
 *   is 3 bytes in UTF-8);
 * - nothing left: the fallback name.
 */
import { isHiddenCharacter } from "../../schemas/text";

/** 80 CJK characters are 240 bytes of UTF-8: under the 255-byte name limit of ext4, APFS and NTFS alike. */
export const MAX_NAME_CHARS = 80;
/** An extension longer than this is no extension a program is chosen by; it is cut with the rest. */
const MAX_EXTENSION_CHARS = 16;

const WINDOWS_RESERVED = /[<>:"/\\|?*]/g;
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/** The file name, made safe to save anywhere (see the module comment). */
export function safeFileName(raw: string, fallback = "download"): string {
  let name = "";
  for (const ch of raw.normalize("NFC")) name += isHiddenCharacter(ch, "line") ? "_" : ch;
  name = name
    .replace(WINDOWS_RESERVED, "_")
    .replace(/^[.\s]+/u, "")
    .replace(/[.\s]+$/u, "");
  if (DEVICE_NAME.test(name)) name = `_${name}`;
  const chars = Array.from(name);
  if (chars.length > MAX_NAME_CHARS) {
    const dot = name.lastIndexOf(".");
    const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
    const kept = extension.length > 1 && extension.length <= MAX_EXTENSION_CHARS ? extension : [];
    name = chars.slice(0, MAX_NAME_CHARS - kept.length).join("") + kept.join("");
  }
  return name === "" ? fallback : name;
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * as they are, which attr-char does not allow. */
function rfc8187(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 §4.3): the UTF-8 name for every current browser,
 * and a printable-ASCII fallback for the rest, with no quote, backslash or percent sign in it (some
 * clients decode %XX in `filename`).
 */
export function contentDisposition(fileName: string): string {
  const safe = safeFileName(fileName);
  const ascii = safe.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc8187(safe)}`;
}
