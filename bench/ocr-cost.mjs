#!/usr/bin/env node
/**
 * What a scanned page costs the OCR service, and that its settings lose no number (issue 24): on the
 * nine real scans in ../shared/corpus/real-registry/scans (read in place, when present) and on the
 * real-scale debtor's generated pages (bench/lib/scan-pages.mjs), in one process, one page after the
 * other, CPU seconds (process.cpuUsage: the machine is shared, wall time is not the page's):
 *
 * - bare: @gutenye/ocr-node's `detect` with its defaults on the same prepared picture (what the service
 *   ran before issue 24), the baseline;
 * - service: services/ocr/read.mjs's whole request on the service's engine (1 ONNX thread, the
 *   detector's cap), with the engine's stages (decode, detector, boxes, cutting, recogniser) profiled;
 * - with `--unfused`, also the same engine on the models' graphs as published (no ./onnx-fuse.mjs
 *   rewrite), page by page beside the service, and the digit runs its read finds that the service's does not.
 *
 * "No number lost": every run of 6 or more digits the bare read finds must be in the service's read
 * (spaces and table rules read as "|" ignored); each one missing is printed. On generated pages, also how many of the
 * numbers the page prints whole (account, invoice codes and numbers, amounts) each read finds.
 *
 * - with `--turned`, each real scan also sent turned 90°, 180° and 270° (as a page scanned sideways or
 *   upside down): the CPU seconds of its request against the upright page's, the turn the service
 *   found, and the digit runs of the upright read it lost (docs/ocr.md "Orientation").
 *
 * `node bench/ocr-cost.mjs [--generated=6] [--cap=1280] [--batch=1] [--no-bare] [--unfused] [--turned]`
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import Ocr from "@gutenye/ocr-node";
import { DETECT_LONG_SIDE, loadEngine, RECOGNITION_BATCH } from "../services/ocr/engine.mjs";
import { encodePicture, preparePicture } from "../services/ocr/pictures.mjs";
import { readDocument } from "../services/ocr/read.mjs";
import { ensureScanPages } from "./lib/scan-pages.mjs";

/** The service's own sharp (ocr-node's dependency), to turn pages as a scanner would have. */
const sharpOf = createRequire(import.meta.resolve("@gutenye/ocr-node"))("sharp");

/** Beside the repository (../shared, as test/corpus/real-registry.ts looks), or beside a worktree's parent. */
const REAL_SCANS = ["../../shared", "../../../shared"]
  .map((up) => new URL(`${up}/corpus/real-registry/scans/`, import.meta.url).pathname)
  .find(existsSync);
/** A 200-dpi A4 page: a strip of pages scanned as one picture counts as its share of pages. */
const A4_PIXELS = 1654 * 2339;
const flag = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const generated = flag("generated", 6);
const cap = flag("cap", DETECT_LONG_SIDE);
const batch = flag("batch", RECOGNITION_BATCH);
const withBare = !process.argv.includes("--no-bare");
const withUnfused = process.argv.includes("--unfused");
const withTurned = process.argv.includes("--turned");

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};
/** Runs of 6 or more digits a reading finds (between any other characters, spaces included). */
const digitRuns = (lines) => new Set(lines.flatMap((l) => l.text.match(/\d{6,}/g) ?? []));
/**
 * The runs of `reference` that `reading` does not hold, its spaces and table rules ignored: the
 * recogniser may put a space inside a number, and one read may take a rule between two cells for "|"
 * where the other reads nothing (the bare read's "2019-066000126317" is "2019-06|6000126317" in ours).
 */
const lostRuns = (reference, reading) => {
  const text = reading.map((l) => l.text.replace(/[\s|丨]/g, "")).join("\n");
  return [...digitRuns(reference)].filter((run) => !text.includes(run));
};

const pages = [];
if (REAL_SCANS)
  for (const file of readdirSync(REAL_SCANS).sort()) pages.push({ set: "real", name: file, bytes: readFileSync(REAL_SCANS + file), printed: null });
else console.log("no real scans in ../shared/corpus/real-registry/scans: generated pages only");
for (const page of (await ensureScanPages()).slice(0, generated))
  pages.push({
    set: "generated",
    name: page.file,
    bytes: readFileSync(page.path),
    printed: [page.accountNumber, ...page.rows.flatMap((r) => [r.invoiceCode, r.invoiceNumber, r.amount])],
  });

const bare = withBare ? await Ocr.create() : null;
const engine = await loadEngine({ threads: 1, detectLongSide: cap, recognitionBatch: batch, fuseGraphs: true });
const unfused = withUnfused ? await loadEngine({ threads: 1, detectLongSide: cap, recognitionBatch: batch, fuseGraphs: false }) : null;
console.log(`cap ${cap} px, recognition batch ${batch}; load average ${loadavg()[0].toFixed(1)}`);

/** The page sent turned each quarter: each request's CPU seconds, the turn found, the upright read's digit runs it lost. */
async function turnedReads(bytes, upright) {
  const turned = [];
  for (const angle of [90, 180, 270]) {
    const picture = await sharpOf(bytes).rotate(angle).jpeg({ quality: 90 }).toBuffer();
    const read = await serviceRead(engine, new Uint8Array(picture));
    turned.push({ angle, cpu: read.cpu, rotation: read.rotation, lost: lostRuns(upright.lines, read.lines) });
  }
  return turned;
}

/** One whole request on `on`: its CPU seconds, the engine's stages, the lines read. */
async function serviceRead(on, bytes) {
  const costs = {};
  const profiled = { look: (pixels) => on.look(pixels, costs), recognise: (pixels, _, looked) => on.recognise(pixels, costs, looked) };
  const c = cpu();
  const answer = await readDocument(profiled, bytes, null);
  return { cpu: cpu() - c, costs, lines: answer.lines.map((l) => ({ text: l.text })), rotation: answer.rotation };
}

const results = [];
for (const page of pages) {
  const picture = await preparePicture(page.bytes, "jpeg");
  const share = Math.max(1, (picture.width * picture.height) / A4_PIXELS);
  let bareRead = null;
  let bareCpu = NaN;
  if (bare) {
    const png = await encodePicture(picture.pixels);
    const c = cpu();
    bareRead = await bare.detect(png);
    bareCpu = cpu() - c;
  }
  const service = await serviceRead(engine, page.bytes);
  const serviceCpu = service.cpu;
  const serviceLines = service.lines;
  const lost = bareRead ? lostRuns(bareRead, serviceLines) : [];
  const gained = bareRead ? lostRuns(serviceLines, bareRead) : [];
  const before = unfused ? await serviceRead(unfused, page.bytes) : null;
  const printedBy = (lines) => {
    if (!page.printed || !lines) return null;
    const text = lines.map((l) => l.text.replace(/\s/g, "")).join("\n");
    return page.printed.filter((n) => text.includes(n)).length;
  };
  const result = {
    ...page,
    share,
    bareCpu,
    serviceCpu,
    costs: service.costs,
    lost,
    unfusedCpu: before?.cpu ?? NaN,
    unfusedCosts: before?.costs ?? {},
    lostToUnfused: before ? lostRuns(before.lines, serviceLines) : [],
    lines: serviceLines.length,
    rotation: service.rotation,
    bareFound: printedBy(bareRead),
    serviceFound: printedBy(serviceLines),
  };
  if (withTurned && page.set === "real") {
    result.turned = await turnedReads(page.bytes, service);
    for (const t of result.turned.filter((t) => t.lost.length)) console.log(`  turned ${t.angle}°: lost ${t.lost.join(", ")}`);
  }
  results.push(result);
  console.log(
    `${page.set} ${page.name} (${share.toFixed(1)} page${share > 1 ? "s" : ""}, ${result.lines} lines): bare ${bareCpu.toFixed(2)} CPU s, service ${serviceCpu.toFixed(2)} CPU s` +
      (page.printed
        ? `; printed numbers found: bare ${result.bareFound ?? "-"}/${page.printed.length}, service ${result.serviceFound}/${page.printed.length}`
        : "") +
      `; digit runs lost ${lost.length}${lost.length ? ` (${lost.join(", ")})` : ""}, found only by the service ${gained.length}${gained.length ? ` (${gained.join(", ")})` : ""}` +
      (unfused
        ? `; unfused ${result.unfusedCpu.toFixed(2)} CPU s, its digit runs the service lost ${result.lostToUnfused.length}${result.lostToUnfused.length ? ` (${result.lostToUnfused.join(", ")})` : ""}`
        : ""),
  );
}

console.log(
  `\n| set | pages | bare CPU s/page | service CPU s/page | service/bare | digit runs lost | unfused CPU s/page | service/unfused | lost to unfused | load |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
for (const set of ["real", "generated"]) {
  const of = results.filter((r) => r.set === set);
  if (!of.length) continue;
  const sheets = of.reduce((s, r) => s + r.share, 0);
  const bareSum = of.reduce((s, r) => s + r.bareCpu, 0);
  const serviceSum = of.reduce((s, r) => s + r.serviceCpu, 0);
  const unfusedSum = of.reduce((s, r) => s + r.unfusedCpu, 0);
  console.log(
    `| ${set} | ${of.length} files = ${sheets.toFixed(1)} A4 | ${(bareSum / sheets).toFixed(2)} | ${(serviceSum / sheets).toFixed(2)} | ${(serviceSum / bareSum).toFixed(2)} | ${of.reduce((s, r) => s + r.lost.length, 0)} | ${(unfusedSum / sheets).toFixed(2)} | ${(serviceSum / unfusedSum).toFixed(2)} | ${of.reduce((s, r) => s + r.lostToUnfused.length, 0)} | ${loadavg()[0].toFixed(1)} |`,
  );
}
if (withTurned) {
  const turnedOf = results.filter((r) => r.turned);
  console.log(`\n| sent turned | pages | turn found right | CPU s/file | against upright | digit runs of the upright read lost |`);
  console.log(`|---|---|---|---|---|---|`);
  const uprightCpu = turnedOf.reduce((s, r) => s + r.serviceCpu, 0);
  const uprightRight = turnedOf.filter((r) => r.rotation === 0).length;
  console.log(`| 0° | ${turnedOf.length} | ${uprightRight}/${turnedOf.length} | ${(uprightCpu / turnedOf.length).toFixed(2)} | 1.00 | 0 |`);
  for (const angle of [90, 180, 270]) {
    const reads = turnedOf.map((r) => r.turned.find((t) => t.angle === angle));
    const sum = reads.reduce((s, t) => s + t.cpu, 0);
    const right = reads.filter((t) => (t.rotation + angle) % 360 === 0).length;
    console.log(
      `| ${angle}° | ${reads.length} | ${right}/${reads.length} | ${(sum / reads.length).toFixed(2)} | ${(sum / uprightCpu).toFixed(2)} | ${reads.reduce((s, t) => s + t.lost.length, 0)} |`,
    );
  }
}
const sheets = results.reduce((s, r) => s + r.share, 0);
/** An engine's CPU seconds per A4 page by stage, and what the rest of its requests cost. */
function stageLine(label, costsOf, cpuOf) {
  const stages = {};
  for (const r of results) for (const [k, v] of Object.entries(costsOf(r))) stages[k] = (stages[k] ?? 0) + v;
  const rest = results.reduce((s, r) => s + cpuOf(r), 0) - Object.values(stages).reduce((a, b) => a + b, 0);
  return `${label}'s CPU s per A4 page by stage: ${Object.entries(stages)
    .map(([k, v]) => `${k} ${(v / sheets).toFixed(3)}`)
    .join(", ")}; the rest of a request (decoding the JPEG, words) ${(rest / sheets).toFixed(3)}`;
}
console.log(
  `\n${stageLine(
    "service engine",
    (r) => r.costs,
    (r) => r.serviceCpu,
  )}`,
);
if (unfused)
  console.log(
    stageLine(
      "unfused engine",
      (r) => r.unfusedCosts,
      (r) => r.unfusedCpu,
    ),
  );
