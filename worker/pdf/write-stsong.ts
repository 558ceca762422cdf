/**
 * @module A minimal PDF writer for certificates set in STSong-Light, NOT embedded: a Type0 font with
 * /Encoding /UniGB-UCS2-H over a CIDFontType0 of the Adobe-GB1 collection, text as UCS-2 hex strings.
 * Chinese institutions' PDFs often look like this; pdf-lib cannot write it. An extractor reads the text
 * only with the predefined CMaps UniGB-UCS2-H and Adobe-GB1-UCS2 (worker/pdf/cmaps.ts).
 * (PDF 32000-1:2008 §9.7 composite fonts, §9.7.5.2 predefined CMaps.)
 */
import type { PageDrawing, TextRun } from "./drawing";

const encoder = new TextEncoder();

/** UTF-16 code units as 4 hex digits each: the UCS-2 code bytes of UniGB-UCS2-H. */
function ucs2Hex(text: string): string {
  let hex = "";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return hex;
}

function num(n: number): string {
  return Number(n.toFixed(3)).toString();
}

function showRun(run: TextRun): string {
  const a = ((run.rotate ?? 0) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const gray = run.gray ? `${num(run.gray)} g ` : "";
  return `BT ${gray}/F1 ${num(run.size)} Tf ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(run.x)} ${num(run.y)} Tm <${ucs2Hex(run.text)}> Tj ET`;
}

function pdfString(text: string): string {
  // Document information strings as UTF-16BE with a byte-order mark, hex-encoded.
  return `<FEFF${ucs2Hex(text)}>`;
}

export function writeStSongPdf(pages: PageDrawing[], info: { title: string }): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  // 1 catalog, 2 pages, 3 Type0 font, 4 CID font, 5 descriptor, 6 info; then page + content pairs.
  const pageIds = pages.map((_, i) => 7 + i * 2);
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`);
  add("<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>");
  add(
    "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 5 0 R /DW 1000 /W [1 95 500] >>",
  );
  add(
    "<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>",
  );
  add(`<< /Title ${pdfString(info.title)} /Producer (registry-check-api sandbox) >>`);
  pages.forEach((page, i) => {
    const content = page.runs.map(showRun).join("\n");
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${8 + i * 2} 0 R >>`,
    );
    add(`<< /Length ${encoder.encode(content).length} >>\nstream\n${content}\nendstream`);
  });
  let out = "%PDF-1.4\n%\u00e2\u00e3\n";
  const offsets: number[] = [];
  // Everything written is ASCII except the binary comment, whose 2 characters are 4 UTF-8 bytes.
  let length = encoder.encode(out).length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = `${i + 1} 0 obj\n${body}\nendobj\n`;
    out += obj;
    length += encoder.encode(obj).length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)].join("");
  out += `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return encoder.encode(out);
}
