/**
 * @module Pinned npm packages as tarballs, for scripts that build committed assets from them:
 * `npm pack` (the npm registry only, no install scripts) into node_modules/.cache, then read
 * the files straight out of the .tgz.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

/** Noto Sans SC Regular (SIL OFL 1.1): the Chinese font the repository's PDFs are set in (worker/pdf/assets, held-out corpus). */
export const NOTO_SANS_SC = { spec: "@expo-google-fonts/noto-sans-sc@0.4.3", file: "package/400Regular/NotoSansSC_400Regular.ttf" };

/** `npm pack` a pinned package into `cacheDir` (once) and return the tarball's path. */
export function packed(spec, cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  const stem = spec.replace(/^@/, "").replace("/", "-").replace(/@/, "-");
  const tarball = join(cacheDir, `${stem}.tgz`);
  if (!existsSync(tarball))
    execFileSync("npm", ["pack", spec, "--pack-destination", cacheDir, "--loglevel=error"], { stdio: ["ignore", "ignore", "inherit"] });
  return tarball;
}

/** The regular files of a .tgz (ustar) whose path passes `wanted`, as a Map from path to bytes. */
export function untar(tarball, wanted) {
  const data = gunzipSync(readFileSync(tarball));
  const files = new Map();
  for (let at = 0; at + 512 <= data.length;) {
    const header = data.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const str = (from, to) => header.subarray(from, to).toString("utf8").replace(/\0.*$/s, "");
    const name = (str(345, 500) ? `${str(345, 500)}/` : "") + str(0, 100);
    const size = parseInt(str(124, 136).trim() || "0", 8);
    if (wanted(name)) files.set(name, data.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
