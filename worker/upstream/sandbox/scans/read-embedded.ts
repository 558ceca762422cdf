/**
 * @module The scans' bytes outside workerd (Node tools that bundle the sandbox: the gateway stub,
 * benchmarks, the corpus): from data.ts, the files as base64 written by scripts/make-scans.mjs. The
 * Worker never bundles this module (package.json's #sandbox-scan-bytes gives it read-assets.ts).
 */
import { SCAN_BASE64 } from "./data";

export async function readScanBytes(file: string): Promise<Uint8Array> {
  const base64 = SCAN_BASE64[file];
  if (base64 === undefined) throw new Error(`no scan named ${file}`);
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
