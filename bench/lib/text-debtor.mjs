/**
 * The text-layer scale debtor (issue 40): `规模N文字层基准有限公司`, N registrations whose certificates
 * and attachments all carry a text layer (the sandbox's 文字层 marker), so a check reads every page
 * without OCR. This module knows the debtor's truth (the sandbox's own generator, bundled with esbuild
 * and imported from memory), draws 100 criteria like bench/matcher.mjs's from it (invoice numbers,
 * half of them printed somewhere in the debtor, and keywords) and verifies a finished check against
 * it: coverage complete, every registration printing a chosen number among that number's results, the
 * absent numbers found nowhere.
 */
import { build } from "esbuild";
import { BENCH_KEYWORDS } from "./bench-keywords.mjs";

export const textDebtorSubject = (n) => `规模${n}文字层基准有限公司`;

/** The sandbox generator, bundled once. */
let generator = null;
async function sandboxGenerator() {
  if (generator) return generator;
  const root = new URL("../../", import.meta.url).pathname;
  const bundle = await build({
    stdin: {
      contents: `export { buildRegistration } from "./worker/upstream/sandbox/registration";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
  });
  generator = await import("data:text/javascript;base64," + Buffer.from(bundle.outputFiles[0].text).toString("base64"));
  return generator;
}

/** Per registration: its certificate number, its exact invoice numbers and its printed ranges. */
export async function debtorTruth(n) {
  const { buildRegistration } = await sandboxGenerator();
  const subject = textDebtorSubject(n);
  return Array.from({ length: n }, (_, i) => {
    const r = buildRegistration(subject, i, n);
    const ranges = r.mentions.filter((m) => m.range).map((m) => [Number(m.range.start), Number(m.range.end)]);
    return {
      certificateNumber: r.certificate.certificateNumber,
      numbers: new Set(r.mentions.map((m) => m.number)),
      ranges,
      attachments: r.attachments.length,
    };
  });
}

/** Which registrations print `number`, exactly or inside a printed range. */
export function printedIn(truth, number) {
  const value = Number(number);
  return truth.filter((r) => r.numbers.has(number) || (number.length === 8 && r.ranges.some(([a, b]) => a <= value && value <= b)));
}

/**
 * 100 criteria: 70 eight-digit invoice numbers (35 printed, spread over the debtor, 35 printed
 * nowhere), 10 twenty-digit ones (5 and 5), 20 keywords. Deterministic for a debtor.
 */
export function textDebtorCriteria(truth) {
  let seed = 0x2545f491;
  const rand = () => (seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const digits = (k) => String(1 + Math.floor(rand() * 9)) + Array.from({ length: k - 1 }, () => Math.floor(rand() * 10)).join("");
  const spread = (list, k) =>
    Array.from({ length: Math.min(k, list.length) }, (_, i) => list[Math.floor((i * list.length) / Math.min(k, list.length))]);
  const all = [...new Set(truth.flatMap((r) => [...r.numbers]))];
  const absent = (k) => {
    const out = [];
    while (out.length < 5 * 7) {
      const d = digits(k);
      if (printedIn(truth, d).length === 0 && !out.includes(d)) out.push(d);
    }
    return out;
  };
  const printed8 = spread(
    all.filter((n) => n.length === 8),
    35,
  );
  const printed20 = spread(
    all.filter((n) => n.length === 20),
    5,
  );
  const absent8 = absent(8).slice(0, 70 - printed8.length);
  const absent20 = absent(20).slice(0, 10 - printed20.length);
  return {
    criteria: [
      ...[...printed8, ...absent8, ...printed20, ...absent20].map((value) => ({ kind: "invoice_no", value })),
      ...BENCH_KEYWORDS.map((value) => ({ kind: "keyword", value })),
    ],
    printed: [...printed8, ...printed20],
    absent: [...absent8, ...absent20],
  };
}

/**
 * What is wrong with a finished check, as sentences (none: right). `results(criterionId)` lists the
 * certificate numbers of the results that matched a criterion.
 */
export async function verifyTextDebtorCheck(check, truth, chosen, results) {
  const wrong = [];
  if (!check.coverageComplete)
    wrong.push(`coverage incomplete: ${check.coverageIssues.length} issues (${[...new Set(check.coverageIssues.map((i) => i.code))].join(", ")})`);
  const idOf = new Map(check.criteria.map((c) => [c.value, c.id]));
  const countOf = new Map(check.criterionCounts.map((c) => [c.criterionId, c.count]));
  for (const value of chosen.absent)
    if ((countOf.get(idOf.get(value)) ?? 0) > 0) wrong.push(`${value}, printed nowhere, matched ${countOf.get(idOf.get(value))} registrations`);
  for (const value of chosen.printed) {
    const expected = printedIn(truth, value).map((r) => r.certificateNumber);
    const found = new Set(await results(idOf.get(value)));
    const missed = expected.filter((c) => !found.has(c));
    if (missed.length > 0)
      wrong.push(`${value} printed in ${expected.length} registrations, missed in ${missed.length} (${missed.slice(0, 3).join(", ")})`);
  }
  return wrong;
}
