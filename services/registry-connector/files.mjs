/**
 * @module A registration's files from queryDownLoadFileByNum's zip (certain: the client reads
 * `<registerNo>.pdf` as the certificate and every other entry as an attachment; a zip holding an
 * .xml is an error answer). The gateway contract asks for the certificate, the attachment list and
 * each attachment separately, while the registry answers all of them in one zip: the zip is kept for a
 * short while (and one download serves callers that ask at the same time) so that a registration costs
 * one download, not 2 + attachments.
 */
import { outcomeOfErrorXml } from "./feedback.mjs";
import { mimeTypeOf } from "./mappings.mjs";
import { baseName, readZip } from "./zip-read.mjs";

/**
 * @typedef {{name: string, mimeType: string, bytes: Uint8Array}} ZipFile
 * @typedef {{ok: true, certificate: ZipFile | null, attachments: ZipFile[]} | {ok: false, outcome: string}} Download
 */

/** The files of a download's zip, or its error's outcome. @returns {Download} */
export function filesOfZip(bytes, registerNo) {
  let entries;
  try {
    entries = readZip(bytes);
  } catch {
    return { ok: false, outcome: "transient" };
  }
  const errorXml = entries.find((e) => /\.xml$/i.test(e.name));
  if (errorXml) return { ok: false, outcome: outcomeOfErrorXml(new TextDecoder().decode(errorXml.bytes)) };
  const certificateName = `${registerNo}.pdf`.toLowerCase();
  const files = entries.map((e) => ({ name: baseName(e.name), mimeType: mimeTypeOf(e.name), bytes: e.bytes }));
  return {
    ok: true,
    certificate: files.find((f) => f.name.toLowerCase() === certificateName) ?? null,
    attachments: files.filter((f) => f.name.toLowerCase() !== certificateName),
  };
}

export class DownloadCache {
  #entries = new Map();

  /** @param {{download: (registerNo: string, subject: string) => Promise<Download>, ttlMs: number, maxEntries: number}} options */
  constructor(options) {
    this.options = options;
  }

  /** The registration's files: from a download still fresh or under way, else a new one. Failures are not kept. */
  get(registerNo, subject) {
    const key = `${registerNo}\u0000${subject}`;
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.download;
    const download = this.options.download(registerNo, subject).then((result) => {
      if (!result.ok) this.#entries.delete(key);
      return result;
    });
    this.#entries.set(key, { until: now + this.options.ttlMs, download });
    while (this.#entries.size > this.options.maxEntries) this.#entries.delete(this.#entries.keys().next().value);
    return download;
  }
}
