/**
 * @module A corpus PDF read the way the product reads a certificate: extractPdf (pdf.js text with the one
 * normalisation) then parseCertificate, and the checked fields of what came out.
 */
import { parseCertificate } from "../../worker/domain/certificate";
import { extractPdf } from "../../worker/pdf/extract";
import { certificateFields, type FieldValues, flaggedFields } from "./fields";

export interface CertificateRead {
  /** parseStatus as the API reports it, or "extract:<reason>" when the PDF could not be read. */
  status: string;
  fields: FieldValues;
  /** Checked fields a ParseIssue speaks of. */
  flagged: Set<string>;
}

export async function readCertificate(pdf: Uint8Array, listedNumber?: string): Promise<CertificateRead> {
  const extraction = await extractPdf(pdf);
  if (!extraction.ok) return { status: `extract:${extraction.reason}`, fields: {}, flagged: new Set() };
  // The pages with their text runs' boxes, as the pipeline passes them: the parser reads cells and rows from them.
  const parsed = parseCertificate(extraction.pages, listedNumber === undefined ? {} : { listedNumber });
  return { status: parsed.status, fields: certificateFields(parsed.certificate), flagged: flaggedFields(parsed.certificate) };
}
