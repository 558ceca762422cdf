/**
 * @module The certificate parser (certificate-format.md): extracted pages in (text, and the runs' boxes when
 * known), the open API's `Certificate` out. Pure, label-driven, layout-tolerant, never throws.
 */
import type { Certificate, ParseIssue } from "../../schemas/certificate";
import type { PageText } from "../text/page";
import { buildCertificate, emptyCertificate } from "./build";
import { pageContent } from "./lines";
import { scanLines } from "./scan";
import { unclosedDescription } from "./description-closure";
import { strayIssues } from "./stray-issues";

export { descriptionFromSpans, descriptionOffsetToPage, type PageOffset } from "./spans";

export interface CertificateParse {
  status: "completed" | "failed";
  /**
   * What could be read. A failed parse still carries a certificate, every field null, whose issues say
   * why, so that a reader of the registration learns what went wrong.
   */
  certificate: Certificate;
  issues: ParseIssue[];
}

const issue = (code: string, rawValue: string | null = null): ParseIssue => ({ code, field: null, rawValue, pageNumber: null });

/** Lines that belong to no field are reported, a few of them, cut short: enough to diagnose a layout. */
const STRAY_ISSUES = 10;
const STRAY_TEXT = 60;

function failed(issues: ParseIssue[]): CertificateParse {
  return { status: "failed", certificate: emptyCertificate(issues), issues };
}

/** The parse of a certificate file that could not be opened as a PDF (cut short, damaged, encrypted). */
export function unreadableCertificate(): CertificateParse {
  return failed([issue("FILE_UNREADABLE")]);
}

export interface ParseOptions {
  /**
   * The certificate number the upstream listed for this file: a number read from the page that differs
   * is not emitted (the file or the reading is not what it claims), and an issue says so.
   */
  listedNumber?: string;
}

/**
 * Completed when the certificate number is read, with an issue for each field that is missing or could
 * not be read (its value null); failed when there is no text layer (NO_TEXT_LAYER), the text is not a
 * registration certificate (NOT_A_CERTIFICATE) or the certificate number cannot be read.
 */
export function parseCertificate(pages: readonly (string | PageText)[], options: ParseOptions = {}): CertificateParse {
  try {
    const texts = pages.map((p) => (typeof p === "string" ? p : p.text));
    if (texts.every((p) => p.trim() === "")) return failed([issue("NO_TEXT_LAYER")]);
    const raw = scanLines(pageContent(pages));
    if (raw.labelCount === 0) return failed([issue("NOT_A_CERTIFICATE")]);
    const certificate = buildCertificate(raw, options.listedNumber);
    const shown = (text: string) => Array.from(text).slice(0, STRAY_TEXT).join("");
    // Strays against a value are issues on its field, every one; the others a few, to diagnose a layout.
    const against = strayIssues(raw, shown);
    const strays = raw.strayLines
      .filter((line) => !against.reported.has(line))
      .slice(0, STRAY_ISSUES)
      .map((line): ParseIssue => ({ code: "UNRECOGNIZED_LINE", field: null, rawValue: shown(line.text), pageNumber: line.page }));
    const unclosed = unclosedDescription(raw);
    const issues = [...(certificate.issues ?? []), ...(unclosed ? [unclosed] : []), ...against.issues, ...strays];
    if (certificate.certificateNumber === null) {
      const missing = issues.some((i) => i.field === "certificateNumber") ? [] : [{ ...issue("MISSING_FIELD"), field: "certificateNumber" }];
      return failed([...issues, ...missing]);
    }
    return { status: "completed", certificate: { ...certificate, issues }, issues };
  } catch (error) {
    return failed([issue("PARSER_ERROR", error instanceof Error ? error.message : String(error))]);
  }
}
