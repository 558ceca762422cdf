/**
 * @module A font cut to one document's characters and embedded so that every reader draws it alike:
 * hb-subset cuts it (./font-subset.ts), pdf-lib embeds the cut font as it is (no subset of its own:
 * fontkit's goes through a process.nextTick shim shared by the isolate's requests), and once pdf-lib has
 * written its objects, a CFF font is set right (./cff-font.ts).
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFName, PDFRef, type PDFDocument, type PDFFont } from "pdf-lib";
import { cffTableOf, withIdentityCharset } from "./cff-font";
import { subsetFont } from "./font-subset";

/**
 * pdf-lib files an OpenType font with CFF outlines as if it were TrueType: a CIDFontType2 with the whole
 * OpenType file as FontFile2, which strict readers refuse or guess at (poppler: "Mismatch between font
 * type and embedded font file"). Set right: a CIDFontType0 whose FontFile3 (/Subtype /CIDFontType0C) is
 * the font's bare CFF program with an identity charset (worker/pdf/cff-font.ts), which every reader maps
 * the same way: code = glyph id = CID (PDF 32000-1:2008 §9.7.4, Table 126).
 */
function embedAsCidFontType0(doc: PDFDocument, font: Uint8Array): void {
  const cff = cffTableOf(font);
  if (!cff) return;
  const program = doc.context.register(doc.context.flateStream(withIdentityCharset(cff), { Subtype: "CIDFontType0C" }));
  const name = (value: string) => PDFName.of(value);
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict)) continue;
    if (object.get(name("Subtype")) === name("CIDFontType2")) {
      object.set(name("Subtype"), name("CIDFontType0"));
      object.delete(name("CIDToGIDMap"));
    }
    if (object.get(name("Type")) === name("FontDescriptor") && object.has(name("FontFile2"))) {
      const old = object.get(name("FontFile2"));
      object.delete(name("FontFile2"));
      object.set(name("FontFile3"), program);
      if (old instanceof PDFRef) doc.context.delete(old);
    }
  }
}

/**
 * The six capital letters that name a subset font ("ABCDEF+NotoSansSC-Regular", PDF 32000-1:2008
 * §9.6.4), derived from its characters so the same text gives the same name.
 */
function subsetTag(characters: string): string {
  let hash = 2166136261;
  for (let i = 0; i < characters.length; i++) hash = Math.imul(hash ^ characters.charCodeAt(i), 16777619) >>> 0;
  let tag = "";
  for (let i = 0; i < 6; i++, hash = Math.floor(hash / 26)) tag += String.fromCharCode(65 + (hash % 26));
  return tag;
}

/** Embeds `fontFile` cut to `characters` under the subset name "ABCDEF+{name}"; call finishSubsetFont before saving. */
export async function embedSubsetFont(
  doc: PDFDocument,
  fontFile: Uint8Array,
  name: string,
  characters: string,
): Promise<{ font: PDFFont; subset: Uint8Array }> {
  const text = [...new Set(characters)].sort().join("");
  const subset = subsetFont(fontFile, text);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(subset, { subset: false, customName: `${subsetTag(text)}+${name}` });
  return { font, subset };
}

/** pdf-lib writes the font's objects when it flushes; a CFF program is set right just after. */
export async function finishSubsetFont(doc: PDFDocument, subset: Uint8Array): Promise<void> {
  await doc.flush();
  embedAsCidFontType0(doc, subset);
}
