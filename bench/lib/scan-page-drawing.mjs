/**
 * Draws a scanned page of the real-scale debtor (worker/upstream/sandbox/scan-pages.ts says what it
 * prints) as the registry's attachments look: an A4 sheet at 200 dpi (1654 × 2339 px), a heading, two
 * paragraphs, a ruled table whose narrow cells wrap names and account numbers, a round red seal and a
 * square one over the foot of the table, the paper slightly grey, a little tilted and grainy, JPEG at
 * quality 80. The font is Noto Sans Hans from the npm package @embedpdf/fonts-sc (never the system's:
 * CI machines have none). Pure of the file system but for the font.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";

/** The package exports only its font list: the files sit in fonts/ beside dist/. */
const FONT_DIR = join(dirname(fileURLToPath(import.meta.resolve("@embedpdf/fonts-sc"))), "..", "fonts");
const FONT = "ScanPageSans";
/** The regular and bold faces (bench/lib/scan-pages.mjs keys its cache on them too). */
export const FONT_FILES = [join(FONT_DIR, "NotoSansHans-Regular.otf"), join(FONT_DIR, "NotoSansHans-Bold.otf")];
GlobalFonts.registerFromPath(FONT_FILES[0], FONT);
GlobalFonts.registerFromPath(FONT_FILES[1], `${FONT} Bold`);

export const PAGE_WIDTH = 1654;
export const PAGE_HEIGHT = 2339;
const LEFT = 150;
const RIGHT = PAGE_WIDTH - 150;

const PARAGRAPH_1 =
  "经我司下属公司申请，我司已确认下述帐款的真实，相应账款到期支付不附条件。我司谨此授权委托贵行在下列应收账款到期当日，从以下我司账户";
const PARAGRAPH_2 =
  "主动全额扣款至贵行指定帐户（以《应收帐款转让通知书》记载为准），用以清偿他方在贵行基于该应收帐款转让而在贵行的相应授信；或下表所列收款人账户，以协助我司完成相应付款。且我司承诺因我司原因导致扣划不成功，我司将继续履行付款义务并承担应收账款到期日至实际付款日期间的相应违约经济责任。";
const COLUMNS = [
  { label: ["序号"], width: 70, value: (row, i) => String(i + 1) },
  { label: ["收款人名称"], width: 240, value: (row) => row.payee },
  { label: ["收款人银行", "账号"], width: 220, value: (row) => row.account },
  { label: ["发票代码"], width: 200, value: (row) => row.invoiceCode },
  { label: ["发票号码"], width: 150, value: (row) => row.invoiceNumber },
  { label: ["应收账款", "金额"], width: 190, value: (row) => row.amount },
  { label: ["账款到期日"], width: 160, value: (row) => row.dueDate },
  { label: ["备注"], width: 124, value: () => "" },
];

/** A seeded stream for the page's noise and placement (mulberry32, as the sandbox's Rng). */
function stream(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters of `text` cut into lines no wider than `width` (CJK text breaks anywhere). */
function wrap(g, text, width) {
  const lines = [];
  let line = "";
  for (const ch of text) {
    if (line && g.measureText(line + ch).width > width) {
      lines.push(line);
      line = "";
    }
    line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

function paragraph(g, text, y, { indent = 66, lineHeight = 54 } = {}) {
  const lines = wrap(g, text, RIGHT - LEFT - indent);
  lines.forEach((l, i) => g.fillText(l, LEFT + (i === 0 ? indent : 0), y + i * lineHeight));
  return y + lines.length * lineHeight;
}

function table(g, rows, top) {
  g.lineWidth = 2;
  g.font = `27px "${FONT}"`;
  const header = 96;
  const cellLines = rows.map((row, i) => COLUMNS.map((c) => wrap(g, c.value(row, i), c.width - 14)));
  const heights = cellLines.map((cells) => Math.max(90, 22 + Math.max(...cells.map((l) => l.length)) * 34));
  const bottom = top + header + heights.reduce((a, b) => a + b, 0);
  let x = LEFT;
  g.strokeRect(LEFT, top, RIGHT - LEFT, bottom - top);
  for (const c of COLUMNS) {
    c.label.forEach((l, k) => {
      const w = g.measureText(l).width;
      g.fillText(l, x + (c.width - w) / 2, top + (c.label.length === 1 ? 58 : 40 + k * 34));
    });
    x += c.width;
    if (x < RIGHT) {
      g.beginPath();
      g.moveTo(x, top);
      g.lineTo(x, bottom);
      g.stroke();
    }
  }
  let y = top + header;
  rows.forEach((_, i) => {
    g.beginPath();
    g.moveTo(LEFT, y);
    g.lineTo(RIGHT, y);
    g.stroke();
    let cx = LEFT;
    COLUMNS.forEach((c, j) => {
      const lines = cellLines[i][j];
      const start = y + (heights[i] - lines.length * 34) / 2 + 26;
      lines.forEach((l, k) => {
        const w = g.measureText(l).width;
        g.fillText(l, cx + (c.width - w) / 2, start + k * 34);
      });
      cx += c.width;
    });
    y += heights[i];
  });
  return bottom;
}

/** A round company seal: ring, name along the upper arc, a star, a line of text under it. */
function roundSeal(g, cx, cy, name, angle) {
  g.save();
  g.translate(cx, cy);
  g.rotate(angle);
  g.strokeStyle = "rgba(214, 40, 40, 0.78)";
  g.fillStyle = "rgba(214, 40, 40, 0.78)";
  g.lineWidth = 9;
  g.beginPath();
  g.arc(0, 0, 150, 0, Math.PI * 2);
  g.stroke();
  g.font = `bold 40px "${FONT} Bold"`;
  const chars = [...name];
  const span = Math.PI * 1.25;
  chars.forEach((ch, i) => {
    const a = -Math.PI / 2 - span / 2 + (span * (i + 0.5)) / chars.length;
    g.save();
    g.rotate(a + Math.PI / 2);
    g.fillText(ch, -20, -100);
    g.restore();
  });
  g.beginPath();
  for (let k = 0; k < 10; k++) {
    const r = k % 2 === 0 ? 46 : 18;
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    g.lineTo(r * Math.cos(a), r * Math.sin(a));
  }
  g.closePath();
  g.fill();
  g.font = `bold 34px "${FONT} Bold"`;
  g.fillText("财务专用章", -85, 95);
  g.restore();
}

function squareSeal(g, x, y, text) {
  g.save();
  g.strokeStyle = "rgba(214, 40, 40, 0.8)";
  g.fillStyle = "rgba(214, 40, 40, 0.8)";
  g.lineWidth = 7;
  g.strokeRect(x, y, 150, 150);
  g.font = `bold 56px "${FONT} Bold"`;
  [...text].slice(0, 4).forEach((ch, i) => g.fillText(ch, x + 14 + (i >> 1) * 64, y + 66 + (i % 2) * 64));
  g.restore();
}

/**
 * @param {import("../../worker/upstream/sandbox/scan-pages").ScanPageContent} page
 * @returns {Buffer} the JPEG
 */
export function drawScanPage(page) {
  const random = stream(page.number * 7919 + 17);
  const canvas = createCanvas(PAGE_WIDTH, PAGE_HEIGHT);
  const g = canvas.getContext("2d");
  g.fillStyle = "rgb(250, 250, 248)";
  g.fillRect(0, 0, PAGE_WIDTH, PAGE_HEIGHT);
  // The sheet lies a little askew on the scanner's glass.
  g.translate(PAGE_WIDTH / 2, PAGE_HEIGHT / 2);
  g.rotate((random() - 0.5) * 0.012);
  g.translate(-PAGE_WIDTH / 2, -PAGE_HEIGHT / 2);
  g.fillStyle = "rgb(24, 24, 28)";
  g.strokeStyle = "rgb(24, 24, 28)";

  g.font = `30px "${FONT}"`;
  g.fillText("编号：", 1000, 190);
  g.fillText(page.serial, 1100, 190);
  g.fillRect(1090, 200, 400, 2);
  g.font = `bold 48px "${FONT} Bold"`;
  const title = "付款确认及授权书";
  g.fillText(title, (PAGE_WIDTH - g.measureText(title).width) / 2, 280);
  g.font = `33px "${FONT}"`;
  g.fillText(page.bank, LEFT, 370);
  let y = paragraph(g, PARAGRAPH_1, 440);
  g.fillText(`户名：${page.accountName}，帐号：`, LEFT, y);
  g.fillText(page.accountNumber, LEFT + 880, y);
  g.fillRect(LEFT + 870, y + 10, 480, 2);
  y = paragraph(g, PARAGRAPH_2, y + 60, { indent: 0 });
  const bottom = table(g, page.rows, y + 30);

  const footY = Math.max(bottom + 260, 1900);
  g.font = `31px "${FONT}"`;
  g.fillText(page.accountName, 1000, footY);
  g.fillText("财务预留印鉴：", 1040, footY + 60);
  g.fillText("[    ]年 [    ]月 [    ]日", 920, footY + 150);
  roundSeal(g, 520 + random() * 160, footY - 40 + random() * 60, page.accountName.slice(0, 12), (random() - 0.5) * 0.6);
  squareSeal(g, 1290 + random() * 40, footY - 190 + random() * 30, page.accountName.slice(0, 4));

  // Scanner grain: a few thousand grey specks.
  g.setTransform(1, 0, 0, 1, 0, 0);
  for (let k = 0; k < 6000; k++) {
    const shade = 120 + Math.floor(random() * 110);
    g.fillStyle = `rgb(${shade}, ${shade}, ${shade})`;
    g.fillRect(random() * PAGE_WIDTH, random() * PAGE_HEIGHT, 1 + random() * 2, 1 + random() * 2);
  }
  return canvas.encodeSync("jpeg", 80);
}
