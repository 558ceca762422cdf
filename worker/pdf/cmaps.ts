/**
 * @module pdf.js's predefined CMaps for the GB collection, served from the bundle. Workers have no
 * filesystem and must not fetch at parse time, so unpdf gets a BinaryDataFactory that answers from
 * memory. Without these, text set in a non-embedded Chinese font (STSong-Light, UniGB-UCS2-H) extracts
 * as nothing.
 */
import { CMAP_BASE64 } from "./assets/cmap-data";

const decoded = new Map<string, Uint8Array>();

function cmap(name: string): Uint8Array | undefined {
  let bytes = decoded.get(name);
  if (!bytes) {
    const b64 = CMAP_BASE64[name];
    if (b64 === undefined) return undefined;
    bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    decoded.set(name, bytes);
  }
  return bytes;
}

/**
 * pdf.js's `BinaryDataFactory` contract (api.js, getDocument): `fetch({kind, filename})` resolves to the
 * file's bytes. Only packed CMaps are served; other kinds (standard fonts, wasm) are refused, which
 * pdf.js tolerates for text extraction.
 */
export class BundledBinaryDataFactory {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const name = filename.replace(/\.bcmap$/, "");
    const bytes = kind === "cMapUrl" ? cmap(name) : undefined;
    if (!bytes) throw new Error(`No bundled ${kind} data for ${filename}`);
    // pdf.js may transfer the buffer to its worker side: hand out a copy.
    return bytes.slice();
  }
}

export function bundledCMapNames(): string[] {
  return Object.keys(CMAP_BASE64);
}
