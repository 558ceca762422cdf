/**
 * @module The certificate parser (certificate-format.md): extracted page texts in, the open API's
 * `Certificate` out. Pure, label-driven, never throws.
 */
import type { Certificate, ParseIssue } from "../../schemas/certificate";
import { buildCertificate } from "./build";
import { contentLines } from "./lines";
import { scanLines } from "./scan";

export { descriptionFromSpans, descriptionOffsetToPage, type PageOffset } from "./spans";

export interface CertificateParse {
  status: "completed" | "failed";
  /** Null unless completed. */
  certificate: Certificate | null;
  issues: ParseIssue[];
}

const issue = (code: string, rawValue: string | null = null): ParseIssue => ({ code, field: null, rawValue, pageNumber: null });

/**
 * Failed (never a "completed" empty certificate) when there is no text layer (NO_TEXT_LAYER), when the
 * text is not a registration certificate (NOT_A_CERTIFICATE) or when its certificate number cannot be
 * read; completed otherwise, with issues for missing or unreadable fields.
 */
export function parseCertificate(pages: readonly string[]): CertificateParse {
  try {
    if (pages.every((p) => p.trim() === "")) return { status: "failed", certificate: null, issues: [issue("NO_TEXT_LAYER")] };
    const raw = scanLines(contentLines(pages));
    if (raw.labelCount === 0) return { status: "failed", certificate: null, issues: [issue("NOT_A_CERTIFICATE")] };
    const certificate = buildCertificate(raw);
    const issues = certificate.issues ?? [];
    if (certificate.certificateNumber === null) {
      const missing = issues.some((i) => i.field === "certificateNumber") ? [] : [{ ...issue("MISSING_FIELD"), field: "certificateNumber" }];
      return { status: "failed", certificate: null, issues: [...issues, ...missing] };
    }
    return { status: "completed", certificate, issues };
  } catch (error) {
    return { status: "failed", certificate: null, issues: [issue("PARSER_ERROR", error instanceof Error ? error.message : String(error))] };
  }
}
