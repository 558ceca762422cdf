#!/usr/bin/env node
/**
 * Compares OCR engines on the pictures the product must read, and prints one table per engine:
 * the share of 8- and 20-digit invoice numbers read exactly, character accuracy on Chinese lines,
 * wall and CPU seconds per page, peak memory.
 *
 * Corpus: the sandbox's committed scans (worker/upstream/sandbox/scans: four photo-like JPEGs, a clean
 * PNG, the image-only PDF's page as its embedded JPEG) and three clean renders made here (Noto Sans SC
 * on white, like a screenshot of an invoice list). Truth: scans/truth.json and the lines drawn here.
 *
 * Engines: PaddleOCR PP-OCRv4 (@gutenye/ocr-node, in this process, through the service's own read
 * path) and Tesseract 5 (Debian tesseract-ocr + chi_sim, CLI, `-l chi_sim+eng`, page segmentation modes 3 and
 * 11; mode 6, one uniform block, reads none of the ruled tables' numbers), run under
 * /usr/bin/time for its peak RSS). Wall time depends on what else runs on the machine: the load
 * average is printed beside it; CPU seconds are the steadier figure.
 *
 * Run: `node scripts/ocr-compare.mjs` (add --engine=paddle or --engine=tesseract for one).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { loadEngine } from "../services/ocr/engine.mjs";
import { singleJpegOfPage } from "../services/ocr/pdf-jpeg.mjs";
import { readDocument } from "../services/ocr/read.mjs";
import { CJK_FONT_FAMILY, cjkFontBytes } from "./cjk-font.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const SCANS = join(ROOT, "worker/upstream/sandbox/scans");
const FONT = CJK_FONT_FAMILY;
const only = process.argv.find((a) => a.startsWith("--engine="))?.slice("--engine=".length);

/** Chinese lines every scan prints (make-scans.mjs draws them), besides its debtor line. */
const SCAN_CHINESE = ["应收账款发票清单", "序号发票代码发票号码金额（元）开票日期"];

const CLEAN_TEXTS = [
  [
    "出质人将其依法享有的应收账款出质给质权人",
    "发票代码：144031900111 发票号码：03581274",
    "数电发票号码：25442000000192837465",
    "担保财产为其对购货方享有的全部应收账款",
  ],
  [
    "租赁物为数控机床三台及其附属设备",
    "发票号码：90817263 开票日期：2024-03-18",
    "全电发票号码：24312000000083920177",
    "保理融资项下转让的应收账款清单详见附件",
  ],
  [
    "仓单编号CD85199419项下大豆四百零五吨",
    "No.44701374，No.39528410，No.30440126",
    "电子发票号码：23442000000764019283",
    "以上合计金额柒佰玖拾贰万伍仟陆佰元整",
  ],
];

function cleanRender(lines) {
  const canvas = createCanvas(1100, 80 + lines.length * 56);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = "#111";
  g.font = `24px "${FONT}"`;
  lines.forEach((line, i) => g.fillText(line, 40, 70 + i * 56));
  return canvas.encode("png");
}

const NUMBER = /(?<!\d)(\d{20}|\d{8})(?!\d)/g;

async function corpus(dir) {
  const truth = JSON.parse(readFileSync(join(SCANS, "truth.json"), "utf8"));
  const pages = [];
  for (const f of truth.files) {
    const bytes = readFileSync(join(SCANS, f.file));
    const picture = f.mimeType === "application/pdf" ? await singleJpegOfPage(bytes, 0) : bytes;
    const ext = f.mimeType === "image/png" ? "png" : "jpg";
    const path = join(dir, `${f.file}.${ext}`);
    writeFileSync(path, picture);
    const chinese = [...SCAN_CHINESE, `出质人：${f.debtor ?? ""}`].filter((l) => !l.endsWith("："));
    pages.push({ name: f.file, path, bytes: picture, numbers: f.rows.map((r) => r.number), chinese });
  }
  for (const [i, lines] of CLEAN_TEXTS.entries()) {
    const png = await cleanRender(lines);
    const path = join(dir, `clean-${i + 1}.png`);
    writeFileSync(path, png);
    const numbers = lines.flatMap((l) => [...l.matchAll(NUMBER)].map((m) => m[1]));
    const chinese = lines;
    pages.push({ name: `clean-${i + 1}.png`, path, bytes: png, numbers, chinese });
  }
  return pages;
}

/** Levenshtein distance (two rows). */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** Compared form: no white space, ASCII punctuation as its full-width twin (both engines mix them). */
const compared = (s) => s.replace(/\s/g, "").replace(/\(/g, "（").replace(/\)/g, "）").replace(/:/g, "：").replace(/,/g, "，").replace(/;/g, "；");

/**
 * Characters of `expected` right: 1 − edit distance to the closest stretch of the page's text (all lines
 * joined in the engine's reading order, since an engine may cut a printed line into cells or join two).
 */
function charactersRight(expected, lines) {
  const want = [...compared(expected)];
  const got = [...compared(lines.join(""))];
  let best = want.length;
  for (let start = 0; start <= Math.max(0, got.length - want.length + 2); start++) {
    for (const len of [want.length - 2, want.length - 1, want.length, want.length + 1, want.length + 2]) {
      best = Math.min(best, distance(want, got.slice(start, start + len)));
    }
  }
  return { right: want.length - best, total: want.length };
}

function score(page, lines) {
  const joined = lines.map((l) => l.replace(/\s/g, "")).join("\n");
  const read = (n) => joined.includes(n);
  const eight = page.numbers.filter((n) => n.length === 8);
  const twenty = page.numbers.filter((n) => n.length === 20);
  const chars = page.chinese.map((c) => charactersRight(c, lines));
  return {
    eight: [eight.filter(read).length, eight.length],
    twenty: [twenty.filter(read).length, twenty.length],
    chars: [chars.reduce((s, c) => s + c.right, 0), chars.reduce((s, c) => s + c.total, 0)],
    missed: page.numbers.filter((n) => !read(n)),
  };
}

async function runPaddle(pages) {
  const loadStart = performance.now();
  const engine = await loadEngine();
  const loadMs = performance.now() - loadStart;
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const results = [];
  for (const page of pages) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const result = await readDocument(engine, page.bytes, null);
    const used = process.cpuUsage(cpu);
    results.push({
      page,
      wall: (performance.now() - start) / 1000,
      cpu: (used.user + used.system) / 1e6,
      ...score(
        page,
        result.lines.map((l) => l.text),
      ),
    });
  }
  clearInterval(sampler);
  return { engine: "PaddleOCR PP-OCRv4 (ocr-node, ONNX CPU)", loadMs, peakMb: peak / 2 ** 20, results };
}

/** Tesseract on every page with one page-segmentation mode; `/usr/bin/time` reports its CPU time and peak RSS. */
function tesseract(pages, psm) {
  const results = [];
  let peakKb = 0;
  for (const page of pages) {
    const start = performance.now();
    const run = spawnSync("/usr/bin/time", ["-f", "TIME %U %S %M", "tesseract", page.path, "stdout", "-l", "chi_sim+eng", "--psm", String(psm)], {
      encoding: "utf8",
    });
    const wall = (performance.now() - start) / 1000;
    const timeLine = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr ?? "");
    const cpu = timeLine ? Number(timeLine[1]) + Number(timeLine[2]) : Number.NaN;
    if (timeLine) peakKb = Math.max(peakKb, Number(timeLine[3]));
    results.push({ page, wall, cpu, ...score(page, (run.stdout ?? "").split("\n")) });
  }
  return { engine: `Tesseract 5.3 chi_sim+eng (CLI, --psm ${psm})`, loadMs: null, peakMb: peakKb / 1024, results };
}

const pct = ([a, b]) => (b === 0 ? "–" : `${((100 * a) / b).toFixed(1)} % (${a}/${b})`);
const sum = (rows, key) => rows.reduce((acc, r) => [acc[0] + r[key][0], acc[1] + r[key][1]], [0, 0]);

function print(run) {
  console.log(`\n## ${run.engine}`);
  console.log("| page | 8-digit numbers | 20-digit numbers | characters of Chinese lines | wall s | CPU s | numbers missed |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of run.results) {
    console.log(
      `| ${r.page.name} | ${pct(r.eight)} | ${pct(r.twenty)} | ${pct(r.chars)} | ${r.wall.toFixed(2)} | ${r.cpu.toFixed(2)} | ${r.missed.join(" ") || "–"} |`,
    );
  }
  const n = run.results.length;
  const wall = run.results.reduce((s, r) => s + r.wall, 0) / n;
  const cpu = run.results.reduce((s, r) => s + r.cpu, 0) / n;
  console.log(
    `| **all ${n} pages** | ${pct(sum(run.results, "eight"))} | ${pct(sum(run.results, "twenty"))} | ${pct(sum(run.results, "chars"))} | ${wall.toFixed(2)} | ${cpu.toFixed(2)} | |`,
  );
  console.log(`peak RSS ${run.peakMb.toFixed(0)} MB${run.loadMs === null ? "" : `, models loaded in ${(run.loadMs / 1000).toFixed(1)} s`}`);
}

GlobalFonts.register(cjkFontBytes(), FONT);
const dir = mkdtempSync(join(tmpdir(), "ocr-compare-"));
try {
  const pages = await corpus(dir);
  console.log(
    `# OCR engines on ${pages.length} pages (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${navigator.hardwareConcurrency} cores)`,
  );
  if (only !== "tesseract") print(await runPaddle(pages));
  // psm 3 (automatic layout, the default) and 11 (sparse text: every cell on its own), its best two on tables.
  if (only !== "paddle") for (const psm of [3, 11]) print(tesseract(pages, psm));
  console.log(
    `\nload average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
