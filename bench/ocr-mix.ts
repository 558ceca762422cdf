/**
 * Bundled for Node by bench/ocr.mjs: what a sandbox subject's registrations carry, from the sandbox's
 * own truth (no server): how many documents, how many of them are scans only OCR can read, and which
 * committed scan files those are (the pipeline reads each distinct file once, by SHA-256).
 */
import { sandboxRegistry } from "../worker/upstream/sandbox";

export interface ScanMix {
  registrations: number;
  /** Certificates plus attachments. */
  documents: number;
  attachments: number;
  /** Attachments whose text exists only as pixels (needsOcr). */
  scans: number;
  /** Distinct committed scan files among them. */
  scanFiles: string[];
}

export function scanMix(subject: string): ScanMix {
  const mix: ScanMix = { registrations: 0, documents: 0, attachments: 0, scans: 0, scanFiles: [] };
  const files = new Set<string>();
  for (const listed of sandboxRegistry.listing(subject)) {
    mix.registrations++;
    mix.documents++;
    for (const attachment of sandboxRegistry.find(subject, listed.certificateNumber)?.registration.attachments ?? []) {
      mix.attachments++;
      mix.documents++;
      if (!attachment.needsOcr) continue;
      mix.scans++;
      if (attachment.scan) files.add(attachment.scan);
    }
  }
  mix.scanFiles = [...files].sort();
  return mix;
}

/** The first `${prefix}${n}…` subject with no scan at all: a warm-up that leaves the OCR cache empty. */
export function subjectWithoutScans(prefix: string): string {
  for (let n = 0; n < 1000; n++) {
    const subject = `${prefix}${n}有限公司`;
    if (scanMix(subject).scans === 0) return subject;
  }
  throw new Error(`no subject named ${prefix}N has no scan`);
}
