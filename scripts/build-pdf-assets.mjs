#!/usr/bin/env node
/**
 * Builds the binary assets the Worker bundles for certificate PDFs, as committed TypeScript modules:
 *
 * - worker/pdf/assets/font-data.ts: Noto Sans SC Regular (SIL OFL 1.1, from the npm package
 *   @expo-google-fonts/noto-sans-sc) subset to exactly the characters the sandbox generator can print:
 *   every non-ASCII character in worker/upstream/sandbox/ and worker/domain/certificate/, printable ASCII,
 *   full-width ASCII forms and CJK punctuation. A full CJK font is 10 MB; the subset is a few hundred KB.
 * - worker/pdf/assets/cmap-data.ts: pdf.js's packed predefined CMaps (.bcmap, Adobe BSD licence) of the
 *   GB character collection, so that unpdf can read certificates that use non-embedded Chinese fonts
 *   (STSong-Light with UniGB-UCS2-H) with no network and no filesystem at run time.
 *
 * The outputs are committed, so `npm ci && npm test` never runs this. Run it
 * after adding characters to the generator (`node scripts/build-pdf-assets.mjs`); it fetches the two pinned packages with `npm pack` (the npm
 * registry only) into node_modules/.cache/pdf-assets and needs the dev dependency subset-font.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import subsetFont from "subset-font";
import { cjkFontBytes } from "./cjk-font.mjs";
import { packed, untar } from "./npm-tarball.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const CACHE = join(ROOT, "node_modules/.cache/pdf-assets");
const OUT = join(ROOT, "worker/pdf/assets");
const PDFJS_PACKAGE = { spec: "pdfjs-dist@5.6.205", dir: "package/cmaps/" };
const CMAP_PATTERN = /^(Adobe-GB1-.*|GB.*|UniGB-.*)\.bcmap$/;
const CHARSET_SOURCES = ["worker/upstream/sandbox", "worker/domain/certificate"];

const packedInCache = (spec) => packed(spec, CACHE);

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith(".ts") ? [path] : [];
  });
}

function charset() {
  const chars = new Set();
  for (let c = 0x20; c < 0x7f; c++) chars.add(String.fromCharCode(c));
  for (let c = 0xff01; c <= 0xff5e; c++) chars.add(String.fromCharCode(c));
  for (const c of "　、。《》〈〉「」『』【】〔〕（）“”‘’—…～·￥") chars.add(c);
  for (const dir of CHARSET_SOURCES) {
    for (const file of sourceFiles(join(ROOT, dir))) {
      for (const c of readFileSync(file, "utf8")) if (c.codePointAt(0) > 0x7f && !/\s/.test(c)) chars.add(c);
    }
  }
  return [...chars].sort().join("");
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

function tsModule(header, body) {
  return `/**\n * @module ${header}\n * Generated by scripts/build-pdf-assets.mjs: do not edit by hand.\n */\n${body}`;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const source = cjkFontBytes(CACHE);
  const chars = charset();
  const hbSubset = await subsetFont(Buffer.from(source), chars, { targetFormat: "truetype" });
  const subset = withPaddedGlyphs(withoutTables(hbSubset, ["GSUB", "GPOS", "GDEF", "BASE", "STAT"]));
  writeFileSync(
    join(OUT, "font-data.ts"),
    tsModule(
      `Noto Sans SC Regular (SIL Open Font License 1.1) subset to the ${[...chars].length} characters the sandbox prints.`,
      `export const FONT_CHARSET = ${JSON.stringify(chars)};\n\nexport const FONT_BASE64 =\n  "${subset.toString("base64")}";\n`,
    ),
  );
  const cmaps = untar(
    packedInCache(PDFJS_PACKAGE.spec),
    (name) => name.startsWith(PDFJS_PACKAGE.dir) && CMAP_PATTERN.test(name.slice(PDFJS_PACKAGE.dir.length)),
  );
  const entries = [...cmaps]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, bytes]) => `  "${name.slice(PDFJS_PACKAGE.dir.length, -6)}": "${Buffer.from(bytes).toString("base64")}",`);
  writeFileSync(
    join(OUT, "cmap-data.ts"),
    tsModule(
      `pdf.js ${PDFJS_PACKAGE.spec} packed CMaps of the Adobe-GB1 collection (Copyright 1990-2009 Adobe Systems Incorporated, BSD-3-Clause).`,
      `export const CMAP_BASE64: Readonly<Record<string, string>> = {\n${entries.join("\n")}\n};\n`,
    ),
  );
  const size = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  const cmapBytes = [...cmaps.values()].reduce((n, b) => n + b.length, 0);
  console.log(`font: ${[...chars].length} characters, ${size(subset.length)}; cmaps: ${cmaps.size} files, ${size(cmapBytes)}`);
}

await main();
