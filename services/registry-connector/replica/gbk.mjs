/**
 * @module GBK encoding for the replica's zip entry names (the registry writes them in GBK). Node
 * decodes GBK (full ICU) but does not encode it: the table is the decoder's, inverted once.
 */

/** GBK's double-byte range: lead bytes 0x81–0xFE, trail bytes 0x40–0xFE except 0x7F. */
const LEAD = [0x81, 0xfe];
const TRAIL = [0x40, 0xfe];
const NOT_A_TRAIL = 0x7f;

let table = null;

function encoderTable() {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder("gbk", { fatal: true });
  for (let lead = LEAD[0]; lead <= LEAD[1]; lead++) {
    for (let trail = TRAIL[0]; trail <= TRAIL[1]; trail++) {
      if (trail === NOT_A_TRAIL) continue;
      try {
        const char = decoder.decode(Uint8Array.of(lead, trail));
        if (char.length === 1 && !table.has(char)) table.set(char, [lead, trail]);
      } catch {
        // an unassigned code: nothing to map
      }
    }
  }
  return table;
}

/** The GBK bytes of `text`, or null when a character has no GBK code. */
export function encodeGbk(text) {
  const codes = encoderTable();
  const bytes = [];
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const pair = codes.get(char);
      if (!pair) return null;
      bytes.push(...pair);
    }
  }
  return Uint8Array.from(bytes);
}

/** An XML text as GBK bytes, its declaration saying so (replica/hostile.mjs: gbk-xml, gbk-envelope). */
export function gbkXml(xml) {
  return encodeGbk(xml.replace(/^<\?xml([^>]*?)encoding="[^"]*"/i, '<?xml$1encoding="GBK"'));
}
