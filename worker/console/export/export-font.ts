/**
 * @module The export's font file: Noto Sans SC Regular (SIL Open Font License 1.1, from the npm package
 * @embedpdf/fonts-sc), whole, 8 MB: too large for the Worker bundle, so it is a static asset
 * (scripts/build-static-assets.mjs puts it in public/) read through the ASSETS binding on the first
 * export of an isolate and kept. Each PDF embeds only its own characters (worker/pdf/font-subset.ts).
 */

export const EXPORT_FONT_PATH = "/fonts/NotoSansSC-Regular.otf";
/** Any origin does: the binding looks at the path only. */
const ASSET_ORIGIN = "https://assets.invalid";

/** The bytes, not a promise: a promise kept across requests would resume one request's code in another's. */
let fontFile: Uint8Array | undefined;

export async function exportFontFile(assets: Fetcher): Promise<Uint8Array> {
  if (fontFile) return fontFile;
  const res = await assets.fetch(`${ASSET_ORIGIN}${EXPORT_FONT_PATH}`);
  if (!res.ok) throw new Error(`export font: not in the static assets (${res.status}); node scripts/build-static-assets.mjs builds them`);
  fontFile = new Uint8Array(await res.arrayBuffer());
  return fontFile;
}
