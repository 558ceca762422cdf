/**
 * @module The sandbox's scanned attachments: pictures of printed invoice lists (photo-like JPEGs, a
 * clean PNG, an image-only PDF) made by scripts/make-scans.mjs, with the rows each one prints. Their
 * numbers exist only as pixels: a reader finds them by OCR or not at all.
 */
import { readScanBytes } from "#sandbox-scan-bytes";
import truth from "./truth.json";

export interface ScanRow {
  code: string | null;
  number: string;
  amount: string;
  date: string;
}

export interface Scan {
  file: string;
  mimeType: "image/jpeg" | "image/png" | "application/pdf";
  width: number;
  height: number;
  rows: ScanRow[];
}

function isScanMime(mime: string): mime is Scan["mimeType"] {
  return mime === "image/jpeg" || mime === "image/png" || mime === "application/pdf";
}

/** Every committed scan, in the order make-scans.mjs wrote them. */
export const SCANS: readonly Scan[] = truth.files.map((f) => {
  if (!isScanMime(f.mimeType)) throw new Error(`scans/truth.json: unexpected media type for ${f.file}`);
  return { file: f.file, mimeType: f.mimeType, width: f.width, height: f.height, rows: f.rows };
});

export function scansOfType(mimeType: Scan["mimeType"]): Scan[] {
  return SCANS.filter((s) => s.mimeType === mimeType);
}

const loaded = new Map<string, Uint8Array>();

/**
 * The bytes of a committed scan, read once per isolate: from the static assets in workerd, so the
 * Worker bundle carries none of them (./read-assets.ts), from ./data.ts elsewhere (./read-embedded.ts).
 * The bytes are kept, not the pending read: workerd does not let one request wait on another's I/O.
 */
export async function scanBytes(file: string): Promise<Uint8Array> {
  let bytes = loaded.get(file);
  if (!bytes) {
    bytes = await readScanBytes(file);
    loaded.set(file, bytes);
  }
  return bytes;
}
