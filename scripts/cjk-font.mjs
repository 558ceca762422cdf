/**
 * @module The Chinese font scripts draw with: Noto Sans SC Regular (SIL OFL 1.1) from the pinned npm
 * package @expo-google-fonts/noto-sans-sc, fetched with `npm pack` (the npm registry only) into
 * node_modules/.cache. The same face, cut to the sandbox's characters, is the one the Worker embeds
 * (worker/pdf/assets/font-data.ts, scripts/build-pdf-assets.mjs); no system font is needed.
 */
import { join } from "node:path";
import { packed, untar } from "./npm-tarball.mjs";

export const CJK_FONT_PACKAGE = { spec: "@expo-google-fonts/noto-sans-sc@0.4.3", file: "package/400Regular/NotoSansSC_400Regular.ttf" };
/** The family name scripts register the bytes under. */
export const CJK_FONT_FAMILY = "Noto Sans SC";

/** The TrueType bytes of Noto Sans SC Regular (one `npm pack` per checkout, then read from the cache). */
export function cjkFontBytes(cacheDir = join(new URL("..", import.meta.url).pathname, "node_modules/.cache/pdf-assets")) {
  const { spec, file } = CJK_FONT_PACKAGE;
  const bytes = untar(packed(spec, cacheDir), (name) => name === file).get(file);
  if (!bytes) throw new Error(`${file} not found in ${spec}`);
  return bytes;
}
