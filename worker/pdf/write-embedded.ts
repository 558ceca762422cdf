/**
 * @module Writes page drawings as a PDF with the Chinese font embedded (pdf-lib + fontkit), with a
 * ToUnicode map so extractors read the exact characters back. The font is embedded whole: it is
 * already subset at build time to the generator's characters (229 KiB), and pdf-lib's per-document
 * subsetting runs through fontkit's stream shim, whose module-wide process.nextTick queue resumes one
 * request's code in another's ("Cannot perform I/O on behalf of a different request" when queue
 * batches overlap).
 * Output bytes are deterministic: fixed dates and pdf-lib's seeded name suffixes.
 */
import fontkit from "@pdf-lib/fontkit";
import { degrees, grayscale, PDFDocument } from "pdf-lib";
import type { PageDrawing } from "./drawing";
import { embeddedFontBytes } from "./fonts";

export interface PdfInfo {
  title: string;
  /** Creation and modification date written into the document information. */
  date: Date;
}

export async function writeEmbeddedPdf(pages: PageDrawing[], info: PdfInfo): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const needsFont = pages.some((p) => p.runs.length > 0);
  const font = needsFont ? await doc.embedFont(embeddedFontBytes(), { subset: false, customName: "NotoSansSC-Regular" }) : null;
  for (const drawing of pages) {
    const page = doc.addPage([drawing.width, drawing.height]);
    for (const img of drawing.images ?? []) {
      const png = await doc.embedPng(img.png);
      page.drawImage(png, { x: 0, y: 0, width: drawing.width, height: drawing.height });
    }
    for (const run of drawing.runs) {
      if (!font) break;
      page.drawText(run.text, {
        x: run.x,
        y: run.y,
        size: run.size,
        font,
        rotate: degrees(run.rotate ?? 0),
        color: grayscale(run.gray ?? 0),
      });
    }
  }
  doc.setTitle(info.title);
  doc.setProducer("registry-check-api sandbox");
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
  return doc.save({ useObjectStreams: false });
}
