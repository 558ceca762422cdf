/**
 * @module Which attachments a registration has and what they say. A description that says "详见附件"
 * always has a PDF invoice list (one to three pages), sometimes with a scanned image beside it; a few
 * other registrations carry only an image. The invoice numbers of a list are part of the truth.
 */
import { invoiceClause, type InvoiceMention } from "./invoices";
import { Rng } from "./prng";

export interface InvoiceRow {
  code: string | null;
  number: string;
  amount: string;
  date: string;
}

export interface GeneratedAttachment {
  fileName: string;
  mimeType: "application/pdf" | "image/png" | "image/jpeg";
  /** Rows of a PDF invoice list (empty for images). */
  rows: InvoiceRow[];
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
    number: r.number, code: r.code, printed: r.number, form: r.code ? (r.code.length === 10 ? "coded10" : "coded12") : "digital20",
    range: null, source: { attachment: fileName },
  }));
  return { fileName, mimeType: "application/pdf", rows, mentions };
}

function image(fileName: string, mimeType: "image/png" | "image/jpeg"): GeneratedAttachment {
  return { fileName, mimeType, rows: [], mentions: [] };
}

export function attachmentsFor(subject: string, chainStart: number, refersToAttachment: boolean): GeneratedAttachment[] {
  const rng = Rng.of(subject, "attachments", chainStart);
  const out: GeneratedAttachment[] = [];
  if (refersToAttachment) {
    out.push(invoiceList(rng, "发票清单.pdf"));
    if (rng.chance(0.3)) out.push(invoiceList(rng, "发票清单2.pdf"));
    if (rng.chance(0.4)) out.push(image("仓单扫描件.jpg", "image/jpeg"));
  } else if (rng.chance(0.12)) {
    out.push(image("现场照片.png", "image/png"));
  }
  return out;
}
