/**
 * @module A registration's files from queryDownLoadFileByNum's zip (certain: the client reads
 * `<registerNo>.pdf` as the certificate and every other entry as an attachment; a zip holding an
 * .xml is an error answer). The gateway contract asks for the certificate, the attachment list and
 * each attachment separately, while the registry answers all of them in one zip: the zip is kept for a
 * short while (and one download serves callers that ask at the same time) so that a registration costs
 * one download, not 2 + attachments.
 */
import { AnswerRefused } from "./bounds.mjs";
import { outcomeOfErrorXml } from "./feedback.mjs";
import { mimeTypeOf, outcomeOfRefusal } from "./mappings.mjs";
import { decodeXml } from "./xml-text.mjs";
import { baseName, readZip } from "./zip-read.mjs";

/**
 * @typedef {{name: string, mimeType: string, bytes: Uint8Array}} ZipFile
 * @typedef {{ok: true, certificate: ZipFile | null, attachments: ZipFile[]} | {ok: false, outcome: string, reason?: string}} Download
 */

/**
 * The files of a download's zip, or its error's outcome. A zip beyond the bounds, or whose entries fail
 * their CRC, is refused whole (`reason` says why, for the log): no file of it is served.
 * @param {Uint8Array} bytes
 * @param {string} registerNo
 * @param {Partial<import("./bounds.mjs").Bounds>} [bounds]
 * @returns {Download}
 */
export function filesOfZip(bytes, registerNo, bounds) {
  let entries;
  let errorXml;
  try {
    entries = readZip(bytes, bounds);
    const xml = entries.find((e) => /\.xml$/i.test(e.name));
    errorXml = xml ? decodeXml(xml.bytes) : null;
  } catch (error) {
    if (!(error instanceof AnswerRefused)) throw error;
    return { ok: false, outcome: outcomeOfRefusal(error), reason: `the download's zip refused: ${error.reason}` };
  }
  if (errorXml !== null) return { ok: false, outcome: outcomeOfErrorXml(errorXml), reason: "an error answer" };
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
