/** Bundled for Node by bench/pipeline.mjs: the raw work of a query, without queues or storage. */
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { extractPdf } from "../worker/pdf/extract";
import { parseCertificate } from "../worker/domain/certificate";

/** Milliseconds to generate, extract and parse every certificate of the subject. */
export async function generateExtractParse(subject: string): Promise<number> {
  const t0 = performance.now();
  for (const reg of sandboxRegistry.listing(subject)) {
    const pdf = await sandboxRegistry.certificatePdf(subject, reg.certificateNumber);
    if (!pdf) continue;
    const text = await extractPdf(pdf);
    if (text.ok) parseCertificate(text.pages.map((p) => p.text));
  }
  return performance.now() - t0;
}
