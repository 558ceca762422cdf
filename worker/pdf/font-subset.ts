/**
 * @module A font cut to the characters of one document by hb-subset (HarfBuzz's subsetter, compiled to
 * WebAssembly by harfbuzzjs; the build-time subset of scripts/font-tables.mjs uses the same code). It
 * runs synchronously inside the request: pdf-lib's own per-document subset (fontkit) goes through a
 * module-wide process.nextTick shim that resumed one request's code in another's
 * (worker/pdf/write-embedded.ts), and fontkit's CFF subsets of CID-keyed fonts are not to be trusted.
 * OpenType layout tables are dropped: text is set one character to one glyph, and without GSUB
 * fontkit cannot swap in a glyph that no character maps to (which would lose its ToUnicode entry).
 */
import harfbuzzSubset from "harfbuzzjs/dist/harfbuzz-subset.wasm";

interface HarfBuzzSubset {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_get_flags(input: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_READONLY = 1;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
/**
 * Charstrings without subroutines: fontkit (pdf-lib's font reader) misreads a glyph of hb-subset's
 * re-subroutinized CFF ("Unknown op"), and the flat subset is smaller anyway (few glyphs share little).
 */
const HB_SUBSET_FLAGS_DESUBROUTINIZE = 0x4;
/** vhea/vmtx stay: without them fontkit computes each glyph's vertical metrics from its outline. */
const DROPPED_TABLES = ["GSUB", "GPOS", "GDEF", "BASE", "STAT"];

let instance: HarfBuzzSubset | undefined;

function harfbuzz(): HarfBuzzSubset {
  if (!instance) {
    instance = new WebAssembly.Instance(harfbuzzSubset, {}).exports as unknown as HarfBuzzSubset;
    instance._initialize();
  }
  return instance;
}

const tag = (name: string) => [...name].reduce((n, ch) => n * 256 + ch.charCodeAt(0), 0);

/**
 * `font` (an OpenType/TrueType file) with the glyphs of `text`'s characters only (and .notdef). A
 * character the font lacks is simply absent: embeddedFontCovers-style checks are the caller's.
 */
export function subsetFont(font: Uint8Array, text: string): Uint8Array {
  const hb = harfbuzz();
  const heap = () => new Uint8Array(hb.memory.buffer);
  const input = hb.hb_subset_input_create_or_fail();
  if (input === 0) throw new Error("hb-subset: no memory for the subset input");
  const fontPointer = hb.malloc(font.byteLength);
  let face = 0;
  let subset = 0;
  try {
    heap().set(font, fontPointer);
    const blob = hb.hb_blob_create(fontPointer, font.byteLength, HB_MEMORY_MODE_READONLY, 0, 0);
    face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);
    hb.hb_subset_input_set_flags(input, hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_DESUBROUTINIZE);
    const drop = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const name of DROPPED_TABLES) hb.hb_set_add(drop, tag(name));
    const unicodes = hb.hb_subset_input_unicode_set(input);
    for (const ch of text) hb.hb_set_add(unicodes, ch.codePointAt(0)!);
    subset = hb.hb_subset_or_fail(face, input);
    if (subset === 0) throw new Error("hb-subset: the font could not be subset");
    const result = hb.hb_face_reference_blob(subset);
    const at = hb.hb_blob_get_data(result, 0);
    const bytes = heap().slice(at, at + hb.hb_blob_get_length(result));
    hb.hb_blob_destroy(result);
    if (bytes.length === 0) throw new Error("hb-subset: empty subset");
    return bytes;
  } finally {
    hb.hb_subset_input_destroy(input);
    if (subset !== 0) hb.hb_face_destroy(subset);
    if (face !== 0) hb.hb_face_destroy(face);
    hb.free(fontPointer);
  }
}
