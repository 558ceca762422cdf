/**
 * @module TrueType table surgery for the fonts the repository embeds in PDFs it writes (the sandbox's
 * font asset, the held-out corpus): cut to a text's characters by hb-subset, without OpenType layout
 * tables, glyphs padded.
 */
import subsetFont from "subset-font";

/**
 * `font` (a TrueType file, as a Buffer) cut to the characters of `chars`, without layout tables and with
 * padded glyphs. Without GSUB, fontkit (pdf-lib's layout) also cannot swap a glyph for an alternate that
 * no character maps to: a run of full-width digits came out of pdf-lib as such glyphs, and so without
 * ToUnicode entries, and read back as U+01D6… (the glyph ids).
 */
export async function cutFont(font, chars) {
  const hbSubset = await subsetFont(Buffer.from(font), chars, { targetFormat: "truetype" });
  return withPaddedGlyphs(withoutTables(hbSubset, ["GSUB", "GPOS", "GDEF", "BASE", "STAT"]));
}

/**
 * Drops OpenType layout tables from a TrueType font. Certificates need no shaping (Chinese, digits and
 * Latin letters map one character to one glyph), and without GSUB/GPOS fontkit lays text out several
 * times faster when pdf-lib encodes it. (OpenType spec, "Organization of an OpenType font".)
 */
function withoutTables(font, drop) {
  return replaceTables(font, new Map(drop.map((tag) => [tag, null])));
}

/**
 * Pads every glyph of `glyf` to a multiple of 4 bytes and writes `loca` in its long format, as most font
 * tools do. Straight from hb-subset, many glyphs of pdf-lib's per-document subsets rendered blank in
 * poppler (the text layer stayed right, so only a look at the pages shows it); padded, all draw.
 */
function withPaddedGlyphs(font) {
  const numTables = font.readUInt16BE(4);
  const dir = new Map();
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    dir.set(font.toString("latin1", at, at + 4), { at, offset: font.readUInt32BE(at + 8), length: font.readUInt32BE(at + 12) });
  }
  const head = dir.get("head");
  const loca = dir.get("loca");
  const glyf = dir.get("glyf");
  const numGlyphs = font.readUInt16BE(dir.get("maxp").offset + 4);
  const long = font.readInt16BE(head.offset + 50) === 1;
  const offsetAt = (i) => (long ? font.readUInt32BE(loca.offset + i * 4) : font.readUInt16BE(loca.offset + i * 2) * 2);
  const glyphs = [];
  for (let i = 0; i < numGlyphs; i++) glyphs.push(font.subarray(glyf.offset + offsetAt(i), glyf.offset + offsetAt(i + 1)));
  const newGlyf = Buffer.concat(glyphs.map((g) => Buffer.concat([g, Buffer.alloc((4 - (g.length % 4)) % 4)])));
  const newLoca = Buffer.alloc((numGlyphs + 1) * 4);
  let offset = 0;
  glyphs.forEach((g, i) => {
    newLoca.writeUInt32BE(offset, i * 4);
    offset += Math.ceil(g.length / 4) * 4;
  });
  newLoca.writeUInt32BE(offset, numGlyphs * 4);
  const newHead = Buffer.from(font.subarray(head.offset, head.offset + head.length));
  newHead.writeInt16BE(1, 50);
  return replaceTables(
    font,
    new Map([
      ["glyf", newGlyf],
      ["loca", newLoca],
      ["head", newHead],
    ]),
  );
}

/** The font with some tables' data replaced and others dropped (by mapping them to null). */
function replaceTables(font, replacements) {
  const numTables = font.readUInt16BE(4);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const at = 12 + i * 16;
    const tag = font.toString("latin1", at, at + 4);
    const original = font.subarray(font.readUInt32BE(at + 8), font.readUInt32BE(at + 8) + font.readUInt32BE(at + 12));
    const data = replacements.has(tag) ? replacements.get(tag) : original;
    if (data) tables.push({ tag, checksum: font.readUInt32BE(at + 4), data });
  }
  const headerSize = 12 + tables.length * 16;
  const size = tables.reduce((n, t) => n + Math.ceil(t.data.length / 4) * 4, headerSize);
  const out = Buffer.alloc(size);
  font.copy(out, 0, 0, 4);
  const log2 = Math.floor(Math.log2(tables.length));
  out.writeUInt16BE(tables.length, 4);
  out.writeUInt16BE(2 ** log2 * 16, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(tables.length * 16 - 2 ** log2 * 16, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.write(t.tag, at, "latin1");
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += Math.ceil(t.data.length / 4) * 4;
  });
  return out;
}
