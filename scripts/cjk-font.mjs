/**
 * @module The Chinese font scripts draw pictures with: Noto Sans SC Regular (SIL OFL 1.1) from its pinned
 * npm package (NOTO_SANS_SC), fetched with `npm pack` (the npm registry only) into node_modules/.cache.
 * The same face, cut to the sandbox's characters, is the one the Worker embeds (worker/pdf/assets,
 * scripts/build-pdf-assets.mjs); no system font is needed.
 */
import { join } from "node:path";
import { NOTO_SANS_SC, packed, untar } from "./npm-tarball.mjs";

/** The family name scripts register the bytes under. */
export const CJK_FONT_FAMILY = "Noto Sans SC";

/** The TrueType bytes of Noto Sans SC Regular (one `npm pack` per checkout, then read from the cache). */
export function cjkFontBytes(cacheDir = join(new URL("..", import.meta.url).pathname, "node_modules/.cache/pdf-assets")) {
  const { spec, file } = NOTO_SANS_SC;
  const bytes = untar(packed(spec, cacheDir), (name) => name === file).get(file);
  if (!bytes) throw new Error(`${file} not found in ${spec}`);
  return bytes;
}
