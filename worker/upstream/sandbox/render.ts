/**
 * @module Files of a generated registration: the certificate PDF (embedded Noto Sans SC, or
 * non-embedded STSong-Light, per its style) and its attachments (PDF invoice lists, committed scans).
 */
import { A4, type PageDrawing } from "../../pdf/drawing";
import { writeEmbeddedPdf } from "../../pdf/write-embedded";
import { writeStSongPdf } from "../../pdf/write-stsong";
import { type GeneratedAttachment, ROWS_PER_PAGE } from "./attachment-plan";
import type { CertificateLayout } from "./layout";
import type { GeneratedRegistration } from "./registration";
import { scanBytes } from "./scans";

export async function certificatePdf(reg: GeneratedRegistration, layout: CertificateLayout): Promise<Uint8Array> {
  const title = `登记证明 ${reg.certificate.certificateNumber ?? ""}`;
  if (reg.style.font === "stsong") return writeStSongPdf(layout.drawings, { title });
  const date = new Date(reg.certificate.registerTime ?? "2020-01-01T00:00:00+08:00");
  return writeEmbeddedPdf(layout.drawings, { title, date });
}

/** An invoice list: a title, a header row and 40 rows per page, "第 N 页 共 M 页" below. */
export function invoiceListDrawings(attachment: GeneratedAttachment): PageDrawing[] {
  const pages: PageDrawing[] = [];
  const total = Math.max(1, Math.ceil(attachment.rows.length / ROWS_PER_PAGE));
  for (let p = 0; p < total; p++) {
    const runs = [
      { text: "应收账款发票清单", x: 230, y: A4.height - 60, size: 14 },
      { text: "序号 发票代码 发票号码 金额（元） 开票日期", x: 56, y: A4.height - 90, size: 10 },
    ];
    attachment.rows.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE).forEach((row, i) => {
      const n = p * ROWS_PER_PAGE + i + 1;
      runs.push({ text: `${n} ${row.code ?? "-"} ${row.number} ${row.amount} ${row.date}`, x: 56, y: A4.height - 110 - i * 17, size: 10 });
    });
    runs.push({ text: `第 ${p + 1} 页 共 ${total} 页`, x: A4.width / 2 - 20, y: 30, size: 9 });
    pages.push({ width: A4.width, height: A4.height, runs });
  }
  return pages;
}

/** A scan's committed bytes, or a generated text PDF invoice list. */
export async function attachmentBytes(attachment: GeneratedAttachment): Promise<Uint8Array> {
  if (attachment.scan !== null) return scanBytes(attachment.scan);
  return writeEmbeddedPdf(invoiceListDrawings(attachment), { title: attachment.fileName, date: new Date(Date.UTC(2024, 0, 1)) });
}
