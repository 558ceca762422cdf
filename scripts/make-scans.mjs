#!/usr/bin/env node
/**
 * Makes the sandbox's scanned attachments: pictures of printed invoice lists (应收账款发票清单) as a bank
 * receives them, photographed or scanned, with the invoice numbers each one prints as truth.
 *
 * - scan-N.jpg: photo-like JPEGs (paper on a grey desk, a slight rotation, uneven light, sensor noise,
 *   JPEG quality 75);
 * - list-1.png: a clean greyscale scan as PNG;
 * - list-scan.pdf: an image-only PDF (one page whose only content is a scanned JPEG, no text layer), as a
 *   scanner's "scan to PDF" writes it.
 *
 * Outputs, committed under worker/upstream/sandbox/scans/: the files, truth.json (each file's rows:
 * invoice code, number, amount, date), number-quads.json (where each row's number is printed in the picture) and data.ts (the files as base64 strings, for Node tools that
 * bundle the sandbox; the Worker reads the files themselves from its static assets,
 * scripts/build-static-assets.mjs). Deterministic (fixed seed): rerunning rewrites the same rows. Draws with Noto Sans SC
 * from its npm package (scripts/cjk-font.mjs; no system font). Run: `node scripts/make-scans.mjs`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { CJK_FONT_FAMILY, cjkFontBytes } from "./cjk-font.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = join(ROOT, "worker/upstream/sandbox/scans");
const FONT = CJK_FONT_FAMILY;
/** Per-file budget: every file is uploaded as a static asset and copied into data.ts. */
const MAX_BYTES = 120 * 1024;

/** mulberry32: the same stream on every run. */
function rng(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const digits = (n) => Array.from({ length: n }, (_, i) => (i === 0 ? int(1, 9) : int(0, 9))).join("");
  return { next, int, digits };
}

/** Rows of one invoice list: coded invoices (10- or 12-digit code + 8-digit number) and fully digital ones (20 digits). */
function invoiceRows(random, count) {
  return Array.from({ length: count }, () => {
    const kind = random.int(0, 2);
    const cents = random.int(1_000_00, 900_000_00);
    return {
      code: kind === 2 ? null : random.digits(kind === 0 ? 10 : 12),
      number: random.digits(kind === 2 ? 20 : 8),
      amount: `${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`,
      date: `${random.int(2021, 2025)}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`,
    };
  });
}

const COLUMNS = [
  { title: "序号", width: 70 },
  { title: "发票代码", width: 190 },
  { title: "发票号码", width: 300 },
  { title: "金额（元）", width: 180 },
  { title: "开票日期", width: 150 },
];
const TABLE_WIDTH = COLUMNS.reduce((s, c) => s + c.width, 0);
const ROW_HEIGHT = 46;

/**
 * Draws the printed page (white paper, black ink) at the origin; returns its size and where each row's
 * invoice number is printed (the ink's box on the page: where a reader's box must fall).
 */
function drawList(g, rows, debtor) {
  const width = TABLE_WIDTH + 100;
  const height = 230 + ROW_HEIGHT * (rows.length + 1) + 90;
  g.fillStyle = "#fff";
  g.fillRect(0, 0, width, height);
  g.fillStyle = "#1a1a1a";
  g.strokeStyle = "#1a1a1a";
  g.textBaseline = "middle";
  g.font = `bold 34px "${FONT}"`;
  g.textAlign = "center";
  g.fillText("应收账款发票清单", width / 2, 70);
  g.textAlign = "left";
  g.font = `20px "${FONT}"`;
  g.fillText(`出质人：${debtor}`, 50, 140);
  g.fillText(`共 ${rows.length} 张发票`, 50, 180);
  let y = 210;
  const line = (x0, y0, x1, y1) => {
    g.beginPath();
    g.moveTo(x0, y0);
    g.lineTo(x1, y1);
    g.stroke();
  };
  g.lineWidth = 1.5;
  const cells = [COLUMNS.map((c) => c.title), ...rows.map((r, i) => [String(i + 1), r.code ?? "", r.number, r.amount, r.date])];
  const numbers = [];
  for (const [i, cellTexts] of cells.entries()) {
    line(50, y, 50 + TABLE_WIDTH, y);
    g.font = `${i === 0 ? "bold " : ""}21px "${FONT}"`;
    let x = 50;
    for (const [j, text] of cellTexts.entries()) {
      g.fillText(text, x + 10, y + ROW_HEIGHT / 2);
      if (i > 0 && j === 2) {
        const ink = g.measureText(text);
        numbers.push([
          x + 10,
          y + ROW_HEIGHT / 2 - ink.actualBoundingBoxAscent,
          x + 10 + ink.width,
          y + ROW_HEIGHT / 2 + ink.actualBoundingBoxDescent,
        ]);
      }
      x += COLUMNS[j].width;
    }
    y += ROW_HEIGHT;
  }
  line(50, y, 50 + TABLE_WIDTH, y);
  let x = 50;
  for (const c of [...COLUMNS, null]) {
    line(x, 210, x, y);
    if (c) x += c.width;
  }
  g.font = `18px "${FONT}"`;
  g.fillText("（盖章）", width - 200, y + 50);
  return { width, height, numbers };
}

const PHOTO_MARGIN = 40;

/** A point of the page where photograph() puts it in the photo (the page turned by `angle` about its centre). */
function photoPoint(page, angle, [x, y]) {
  const a = (angle * Math.PI) / 180;
  const [dx, dy] = [x - page.width / 2, y - page.height / 2];
  return [page.width / 2 + PHOTO_MARGIN + dx * Math.cos(a) - dy * Math.sin(a), page.height / 2 + PHOTO_MARGIN + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Each number's box as a quad (top-left, top-right, bottom-right, bottom-left), mapped by `to`, in whole tenths of a pixel. */
function numberQuads(numbers, to = (point) => point) {
  return numbers.map(([x0, y0, x1, y1]) =>
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ].map((p) => to(p).map((v) => Math.round(v * 10) / 10)),
  );
}

/** The page photographed: on a grey desk, rotated a little, lit unevenly, with sensor noise. */
function photograph(page, random, { angle, noise }) {
  const margin = PHOTO_MARGIN;
  const canvas = createCanvas(page.width + 2 * margin, page.height + 2 * margin);
  const g = canvas.getContext("2d");
  g.fillStyle = "#8d8b86";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.save();
  g.translate(canvas.width / 2, canvas.height / 2);
  g.rotate((angle * Math.PI) / 180);
  g.drawImage(page, -page.width / 2, -page.height / 2);
  g.restore();
  const light = g.createLinearGradient(0, 0, canvas.width, canvas.height);
  light.addColorStop(0, "rgba(255,250,235,0.05)");
  light.addColorStop(1, "rgba(60,55,40,0.22)");
  g.fillStyle = light;
  g.fillRect(0, 0, canvas.width, canvas.height);
  const image = g.getImageData(0, 0, canvas.width, canvas.height);
  const d = image.data;
  for (let i = 0; i < d.length; i += 4) {
    // One noise value per pixel on all channels: grain, not colour speckle (cheaper to compress too).
    const n = (random.next() + random.next() - 1) * noise;
    for (let k = 0; k < 3; k++) d[i + k] = Math.max(0, Math.min(255, d[i + k] * 0.94 + n));
  }
  g.putImageData(image, 0, 0);
  return canvas;
}

function renderPage(rows, debtor) {
  const size = drawList(createCanvas(10, 10).getContext("2d"), rows, debtor);
  const page = createCanvas(size.width, size.height);
  page.numbers = drawList(page.getContext("2d"), rows, debtor).numbers;
  return page;
}

const DEBTORS = [
  "杭州瑞丰物流有限公司",
  "宁波华东纺织有限公司",
  "苏州新城电子科技有限公司",
  "上海申达贸易有限公司",
  "南京金陵建材有限公司",
  "无锡恒通机械制造有限公司",
];

async function main() {
  GlobalFonts.register(cjkFontBytes(), FONT);
  mkdirSync(OUT, { recursive: true });
  const random = rng(20241123);
  const files = [];
  const placed = [];
  const write = (file, mimeType, bytes, rows, size, debtor, quads) => {
    if (bytes.byteLength > MAX_BYTES) throw new Error(`${file}: ${bytes.byteLength} bytes, over the ${MAX_BYTES} budget`);
    writeFileSync(join(OUT, file), bytes);
    files.push({ file, mimeType, width: size.width, height: size.height, bytes: bytes.byteLength, debtor, rows });
    placed.push({ file, numberQuads: quads });
  };

  for (let i = 1; i <= 4; i++) {
    const rows = invoiceRows(random, random.int(8, 12));
    const page = renderPage(rows, DEBTORS[i - 1]);
    const angle = (random.next() - 0.5) * 3;
    const photo = photograph(page, random, { angle, noise: 12 });
    const jpeg = await sharp(await photo.encode("png"))
      .greyscale()
      .jpeg({ quality: 75, mozjpeg: true })
      .toBuffer();
    write(
      `scan-${i}.jpg`,
      "image/jpeg",
      jpeg,
      rows,
      photo,
      DEBTORS[i - 1],
      numberQuads(page.numbers, (p) => photoPoint(page, angle, p)),
    );
  }

  const pngRows = invoiceRows(random, 10);
  const clean = renderPage(pngRows, DEBTORS[4]);
  const png = await sharp(await clean.encode("png"))
    .greyscale()
    .png({ palette: true, colours: 16, compressionLevel: 9 })
    .toBuffer();
  write("list-1.png", "image/png", png, pngRows, clean, DEBTORS[4], numberQuads(clean.numbers));

  // A scanner's PDF: one A4 page drawn from one JPEG, at the scan's aspect ratio, no text layer.
  const pdfRows = invoiceRows(random, 12);
  const pdfPage = renderPage(pdfRows, DEBTORS[5]);
  const pdfAngle = (random.next() - 0.5) * 2;
  const scanned = photograph(pdfPage, random, { angle: pdfAngle, noise: 8 });
  const pageJpeg = await sharp(await scanned.encode("png"))
    .greyscale()
    .jpeg({ quality: 75, mozjpeg: true })
    .toBuffer();
  const pdf = await PDFDocument.create();
  pdf.setCreator("Scanner");
  pdf.setProducer("Scanner");
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  const embedded = await pdf.embedJpg(pageJpeg);
  const pageWidth = 595.28;
  const pageHeight = (pageWidth * scanned.height) / scanned.width;
  pdf.addPage([pageWidth, pageHeight]).drawImage(embedded, { x: 0, y: 0, width: pageWidth, height: pageHeight });
  write(
    "list-scan.pdf",
    "application/pdf",
    await pdf.save({ useObjectStreams: false }),
    pdfRows,
    scanned,
    DEBTORS[5],
    numberQuads(pdfPage.numbers, (p) => photoPoint(pdfPage, pdfAngle, p)),
  );

  writeFileSync(
    join(OUT, "truth.json"),
    `${JSON.stringify({ note: "Generated by scripts/make-scans.mjs: rows each file prints (for list-scan.pdf, its one page), the debtor line it prints, width/height in pixels of the picture.", files }, null, 2)}\n`,
  );
  // Apart from truth.json, which the Worker bundles: only tests that check where a box falls need it.
  writeFileSync(
    join(OUT, "number-quads.json"),
    `${JSON.stringify({ note: "Generated by scripts/make-scans.mjs: where each row of truth.json prints its invoice number in the picture, in the rows' order (pixels, top-left origin, the ink's box as 4 corners clockwise from top-left, turned with the photo).", files: placed })}\n`,
  );
  const total = files.reduce((s, f) => s + f.bytes, 0);
  const base64 = files.map((f) => `  ${JSON.stringify(f.file)}: ${JSON.stringify(readFileSync(join(OUT, f.file)).toString("base64"))},`);
  writeFileSync(
    join(OUT, "data.ts"),
    `/**\n * @module The sandbox's scanned attachments (${files.length} files, ${total} bytes) as base64.\n * Generated by scripts/make-scans.mjs: do not edit by hand.\n */\nexport const SCAN_BASE64: Record<string, string> = {\n${base64.join("\n")}\n};\n`,
  );
  for (const f of files) console.log(`${f.file.padEnd(14)} ${String(f.bytes).padStart(7)} B  ${f.width}x${f.height}  ${f.rows.length} rows`);
  console.log(`total ${total} bytes`);
}

await main();
