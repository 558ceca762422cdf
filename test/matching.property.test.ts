import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion, type Hit } from "../worker/domain/matching";
import { TWO_CHAINS_FROM } from "../worker/domain/matching/scan";
import { referenceScan } from "./matching.reference";
import { prng } from "./support/prng";

// Few distinct digits and short values so that hits, groups and ranges are frequent.
const TEXT_UNITS = [
  "0",
  "1",
  "2",
  "0",
  "1",
  "０",
  "１",
  " ",
  " ",
  "\n",
  "　",
  "-",
  "~",
  "～",
  "至",
  "到",
  "一",
  "ー",
  "/",
  "、",
  "—",
  "a",
  "A",
  "ａ",
  "b",
  "发",
  "票",
  ".",
  ":",
  "😀",
  "\u00a0",
  "\t",
  "号",
  "第",
];
const VALUE_UNITS = ["0", "1", "2", "０", " ", "a", "A", "b", "发", "-", "至", "😀"];

/** A digit run of 1–9 digits, sometimes full-width, sometimes written in 4-digit groups. */
function randomNumber(rand: () => number, size = 1 + Math.floor(rand() * 9), given?: string): string {
  let digits = given ?? "";
  for (let k = digits.length; k < size; k++) digits += String(Math.floor(rand() * 2));
  if (rand() < 0.2) digits = digits.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
  return rand() < 0.4 ? (digits.match(/.{1,4}/g) ?? []).join(rand() < 0.8 ? " " : "\n") : digits;
}

/** A criterion's value written again in another form: digits grouped or full-width, letters in upper case, spaced. */
function rewrite(rand: () => number, c: Criterion): string {
  const digits = c.value.replace(/\s/g, "");
  return /^[0-9]+$/.test(digits)
    ? randomNumber(rand, digits.length, digits)
    : c.value
        .toUpperCase()
        .split("")
        .join(rand() < 0.5 ? "" : " ");
}

/** Random units and numbers, with criteria values written in again in other forms. */
function randomText(rand: () => number, length: number, criteria: readonly Criterion[]): string {
  let out = "";
  while (out.length < length) {
    const r = rand();
    const c = criteria[Math.floor(rand() * criteria.length)];
    if (r < 0.1 && c) {
      out += rewrite(rand, c);
    } else if (r < 0.25) {
      const size = 1 + Math.floor(rand() * 6);
      const seps = ["-", "至", "～", " ~ ", "—", "到", "--", "-a", "b-", "-发 ", "至😀", "一", "ー", "〜", "一a"];
      const sep = seps[Math.floor(rand() * seps.length)];
      const digits = c?.value.replace(/\s/g, "") ?? "";
      // Often a range around a numeric criterion, written with one of the separators.
      if (/^[0-9]+$/.test(digits) && rand() < 0.4)
        out += randomNumber(rand, digits.length, "0".repeat(digits.length)) + sep + randomNumber(rand, digits.length, "9".repeat(digits.length));
      else out += randomNumber(rand, size) + sep + randomNumber(rand, rand() < 0.8 ? size : size + 1);
    } else if (r < 0.36) {
      out += randomNumber(rand);
    } else if (r < 0.44) {
      // An abbreviated list: a number, then short ones after "/" or "、" ("07573825/26/27"); often one that
      // abbreviates a numeric criterion (its head, the criterion with its last digits lower).
      const mark = rand() < 0.5 ? "/" : rand() < 0.5 ? "、" : " 、";
      const digits = c?.value.replace(/\s/g, "") ?? "";
      const tail = 1 + Math.floor(rand() * 2);
      const head = digits.slice(0, -tail) + "0".repeat(tail);
      if (/^[0-9]{6,}$/.test(digits) && head < digits && rand() < 0.7) out += randomNumber(rand, digits.length, head) + mark + digits.slice(-tail);
      else out += randomNumber(rand, 6 + Math.floor(rand() * 4));
      for (let k = Math.floor(rand() * 3); k > 0; k--) out += mark + randomNumber(rand, 1 + Math.floor(rand() * 3));
    } else {
      out += TEXT_UNITS[Math.floor(rand() * TEXT_UNITS.length)];
    }
  }
  return out;
}

function randomCriteria(rand: () => number, count: number): Criterion[] {
  return Array.from({ length: count }, (_, i) => {
    const numeric = rand() < 0.6;
    const size = 1 + Math.floor(rand() * (numeric ? 9 : 4));
    let value = "";
    for (let k = 0; k < size; k++) {
      value += numeric ? String(Math.floor(rand() * 2)) : VALUE_UNITS[Math.floor(rand() * VALUE_UNITS.length)];
    }
    if (numeric && rand() < 0.2) value = value.replace(/^(.{2})/, "$1 ");
    return { id: `c${i}`, kind: numeric || rand() < 0.2 ? "invoice_no" : "keyword", value };
  });
}

const key = (h: Hit) => `${h.start}:${h.end}:${h.criterionId}:${h.termKind}:${h.via}:${h.matched}`;

describe("matcher agrees with the naive reference on random texts", () => {
  const seen = { exact: 0, range: 0, substring: 0, list: 0, grouped: 0 };

  it.each([1, 2, 3, 4, 5, 6, 7, 8])("seed %i", (seed) => {
    const rand = prng(seed * 7919);
    for (let round = 0; round < 40; round++) {
      const criteria = randomCriteria(rand, 1 + Math.floor(rand() * 12));
      const text = randomText(rand, Math.floor(rand() * 300), criteria);
      const got = compileCriteria(criteria).scan(text).map(key).sort();
      const want = referenceScan(criteria, text).map(key).sort();
      expect(got, JSON.stringify({ criteria, text })).toEqual(want);
      for (const h of referenceScan(criteria, text)) {
        seen[h.via]++;
        if (h.via === "exact" && /\s/.test(h.matched)) seen.grouped++;
      }
    }
  });

  it("reads long texts (two interleaved halves) like the reference, hits across the middle included", () => {
    const rand = prng(104729);
    let acrossMiddle = 0;
    for (let round = 0; round < 24; round++) {
      const criteria = randomCriteria(rand, 1 + Math.floor(rand() * 12));
      const c = criteria[0] as Criterion;
      const digits = c.value.replace(/\s/g, "");
      // A criterion (or, for a number, a range around it) written across the middle of the text.
      const planted =
        /^[0-9]+$/.test(digits) && rand() < 0.5
          ? `${randomNumber(rand, digits.length, "0".repeat(digits.length))}-${randomNumber(rand, digits.length, "9".repeat(digits.length))}`
          : rewrite(rand, c);
      const left = randomText(rand, TWO_CHAINS_FROM / 2 + Math.floor(rand() * 700), criteria);
      const inside = 1 + Math.floor(rand() * Math.max(1, planted.length - 1));
      const size = 2 * (left.length + inside);
      const text = left + planted + randomText(rand, size, criteria).slice(0, size - left.length - planted.length);
      const got = compileCriteria(criteria).scan(text).map(key);
      const want = referenceScan(criteria, text);
      expect(got.slice().sort(), JSON.stringify({ criteria, round })).toEqual(want.map(key).sort());
      const middle = text.length >> 1;
      acrossMiddle += want.filter((h) => h.start < middle && middle < h.end).length;
    }
    expect(acrossMiddle).toBeGreaterThan(5);
  });

  it("exercised every kind of hit", () => {
    expect(seen.exact, JSON.stringify(seen)).toBeGreaterThan(20);
    expect(seen.range, JSON.stringify(seen)).toBeGreaterThan(20);
    expect(seen.substring).toBeGreaterThan(20);
    expect(seen.grouped, JSON.stringify(seen)).toBeGreaterThan(20);
    expect(seen.list).toBeGreaterThan(5);
  });
});
