/**
 * Bundled for Node by bench/pipeline.mjs: the raw work of a query without queues or storage,
 * split into its phases (the sandbox generating each certificate PDF, pdf.js extracting its text,
 * the certificate parser), so the pipeline's overhead can be set against each.
 */
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { extractPdf } from "../worker/pdf/extract";
import { parseCertificate } from "../worker/domain/certificate";

export interface RawPhases {
  generateMs: number;
  extractMs: number;
  parseMs: number;
  /** The PDF attachments (invoice lists): generated and extracted like certificates; images only generated. */
  attachmentGenerateMs: number;
  attachmentExtractMs: number;
  certificates: number;
  attachments: number;
  pdfBytes: number;
}

export async function rawPhases(subject: string): Promise<RawPhases> {
  const phases: RawPhases = {
    generateMs: 0,
    extractMs: 0,
    parseMs: 0,
    attachmentGenerateMs: 0,
    attachmentExtractMs: 0,
    certificates: 0,
    attachments: 0,
    pdfBytes: 0,
  };
  for (const reg of sandboxRegistry.listing(subject)) {
    let t0 = performance.now();
    const pdf = await sandboxRegistry.certificatePdf(subject, reg.certificateNumber);
    phases.generateMs += performance.now() - t0;
    if (!pdf) continue;
    phases.certificates++;
    phases.pdfBytes += pdf.byteLength;
    t0 = performance.now();
    const text = await extractPdf(pdf);
    phases.extractMs += performance.now() - t0;
    t0 = performance.now();
    if (text.ok) parseCertificate(text.pages.map((p) => p.text));
    phases.parseMs += performance.now() - t0;
    for (const { fileName } of sandboxRegistry.find(subject, reg.certificateNumber)?.registration.attachments ?? []) {
      t0 = performance.now();
      const file = await sandboxRegistry.attachment(subject, reg.certificateNumber, fileName);
      phases.attachmentGenerateMs += performance.now() - t0;
      if (!file) continue;
      phases.attachments++;
      phases.pdfBytes += file.bytes.byteLength;
      if (file.mimeType !== "application/pdf") continue;
      t0 = performance.now();
      await extractPdf(file.bytes);
      phases.attachmentExtractMs += performance.now() - t0;
    }
  }
  return phases;
}
