/**
 * @module Which attachments a registration has and what they say. A description that says "详见附件"
 * always has a PDF invoice list (one to three pages), sometimes with a scanned image beside it; a few
 * other registrations carry only an image. The invoice numbers of a list are part of the truth.
 * Images and image-only PDFs are committed scans of invoice lists (./scans): their numbers are truth
 * too, marked `needsOcr` because only a reader with OCR can find them. Under the 文字层 marker
 * (./scenario.ts) each of those is printed instead as a text-layer invoice list of the same rows.
 */
import { invoiceClause, type InvoiceMention } from "./invoices";
import { Rng } from "./prng";
import { scanPageContent, scanPagesOf } from "./scan-pages";
import { type Scan, scansOfType } from "./scans";

export interface InvoiceRow {
  code: string | null;
  number: string;
  amount: string;
  date: string;
}

export interface GeneratedAttachment {
  fileName: string;
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  /** Rows the attachment prints (as text in a generated PDF list, as pixels in a scan). */
  rows: InvoiceRow[];
  /** The committed scan (./scans) this attachment is, or null for a generated text PDF. */
  scan: string | null;
  /** Its text exists only as pixels (a picture or an image-only PDF): read by OCR or not at all. */
  needsOcr: boolean;
  mentions: InvoiceMention[];
}

/** Rows per page of an invoice list. */
export const ROWS_PER_PAGE = 40;

function invoiceList(rng: Rng, fileName: string): GeneratedAttachment {
  const rows: InvoiceRow[] = [];
  const n = rng.int(5, ROWS_PER_PAGE * 3 - 10);
  for (let i = 0; i < n; i++) {
    const clause = invoiceClause(rng, rng.pick(["coded10", "coded12", "digital20"]));
    const m = clause.mentions[0];
    if (!m) continue;
    const cents = rng.int(100_00, 900_000_00);
    rows.push({
      code: m.code,
      number: m.number,
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      date: `${rng.int(2019, 2025)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
    });
  }
  const mentions = rows.map((r): InvoiceMention => ({
    number: r.number,
    code: r.code,
    printed: r.number,
    form: r.code ? (r.code.length === 10 ? "coded10" : "coded12") : "digital20",
    range: null,
    source: { attachment: fileName },
  }));
  return { fileName, mimeType: "application/pdf", rows, scan: null, needsOcr: false, mentions };
}

function formOf(code: string | null): InvoiceMention["form"] {
  if (code === null) return "digital20";
  return code.length === 10 ? "coded10" : "coded12";
}

/** A committed scan of the given type, picked by the registration's own stream. */
function scanned(rng: Rng, fileName: string, mimeType: Scan["mimeType"]): GeneratedAttachment {
  const scan = rng.pick(scansOfType(mimeType));
  const mentions = scan.rows.map((r): InvoiceMention => ({
    number: r.number,
    code: r.code,
    printed: r.number,
    form: formOf(r.code),
    range: null,
    source: { attachment: fileName },
    needsOcr: true,
  }));
  return { fileName, mimeType, rows: scan.rows, scan: scan.file, needsOcr: true, mentions };
}

export function attachmentsFor(subject: string, chainStart: number, refersToAttachment: boolean): GeneratedAttachment[] {
  const rng = Rng.of(subject, "attachments", chainStart);
  const out: GeneratedAttachment[] = [];
  if (refersToAttachment) {
    out.push(invoiceList(rng, "发票清单.pdf"));
    if (rng.chance(0.3)) out.push(invoiceList(rng, "发票清单2.pdf"));
    if (rng.chance(0.4)) out.push(scanned(rng, "仓单扫描件.jpg", "image/jpeg"));
    // Drawn after the other choices so that adding it left every earlier attachment as it was.
    if (rng.chance(0.2)) out.push(scanned(rng, "发票清单扫描件.pdf", "application/pdf"));
  } else if (rng.chance(0.12)) {
    out.push(scanned(rng, "现场照片.png", "image/png"));
  }
  return out;
}

/**
 * Registration `index` of a 扫描页 subject (./scan-pages.ts): one JPEG attachment per scanned page it
 * carries, 付款确认及授权书 as the real ones are named, each page's invoice numbers part of the truth.
 */
export function scanPageAttachments(index: number): GeneratedAttachment[] {
  return scanPagesOf(index).map((number, j) => {
    const page = scanPageContent(number);
    const fileName = `付款确认及授权书_Page${String(j + 1).padStart(4, "0")}.jpg`;
    const rows = page.rows.map((r): InvoiceRow => ({ code: r.invoiceCode, number: r.invoiceNumber, amount: r.amount, date: r.dueDate }));
    const mentions = rows.map((r): InvoiceMention => ({
      number: r.number,
      code: r.code,
      printed: r.number,
      form: formOf(r.code),
      range: null,
      source: { attachment: fileName },
      needsOcr: true,
    }));
    return { fileName, mimeType: "image/jpeg", rows, scan: page.file, needsOcr: true, mentions };
  });
}

/**
 * The same attachment as a generated text-layer PDF (the 文字层 marker): its rows printed as an invoice
 * list under the same name with a .pdf extension, so its numbers stay the truth and none needs OCR.
 * The registration's choices are drawn as without the marker: which attachments, which rows.
 */
export function asTextLayer(attachment: GeneratedAttachment): GeneratedAttachment {
  if (!attachment.needsOcr) return attachment;
  const fileName = attachment.fileName.replace(/\.[^.]+$/, ".pdf");
  const mentions = attachment.mentions.map(({ needsOcr: _pixelsOnly, ...m }): InvoiceMention => ({ ...m, source: { attachment: fileName } }));
  return { fileName, mimeType: "application/pdf", rows: attachment.rows, scan: null, needsOcr: false, mentions };
}
