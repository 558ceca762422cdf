/**
 * @module The sandbox's scanned attachments: pictures of printed invoice lists (photo-like JPEGs, a
 * clean PNG, an image-only PDF) made by scripts/make-scans.mjs, with the rows each one prints. Their
 * numbers exist only as pixels: a reader finds them by OCR or not at all.
 */
import { SCAN_BASE64 } from "./data";
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

const decoded = new Map<string, Uint8Array>();

/** The bytes of a committed scan, decoded once per isolate. */
export function scanBytes(file: string): Uint8Array {
  let bytes = decoded.get(file);
  if (!bytes) {
    const base64 = SCAN_BASE64[file];
    if (base64 === undefined) throw new Error(`no scan named ${file}`);
    bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    decoded.set(file, bytes);
  }
  return bytes;
}
