import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion, type Hit } from "../worker/domain/matching";
import { referenceScan } from "./matching.reference";

/** mulberry32: a tiny seeded PRNG, so every run checks the same cases. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Few distinct digits and short values so that hits, groups and ranges are frequent.
const TEXT_UNITS = ["0", "1", "2", "0", "1", "０", "１", " ", " ", "\n", "　", "-", "~", "～", "至", "到", "—",
  "a", "A", "ａ", "b", "发", "票", ".", ":", "😀", "\u00a0"];
const VALUE_UNITS = ["0", "1", "2", "０", " ", "a", "A", "b", "发", "-", "至", "😀"];

/** A digit run of 1–9 digits, sometimes full-width, sometimes written in 4-digit groups. */
function randomNumber(rand: () => number, size = 1 + Math.floor(rand() * 9), given?: string): string {
  let digits = given ?? "";
  for (let k = digits.length; k < size; k++) digits += String(Math.floor(rand() * 2));
  if (rand() < 0.2) digits = digits.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));
  return rand() < 0.4 ? (digits.match(/.{1,4}/g) ?? []).join(rand() < 0.8 ? " " : "\n") : digits;
}

/** Random units and numbers, with criteria values written in again in other forms. */
function randomText(rand: () => number, length: number, criteria: readonly Criterion[]): string {
  let out = "";
  while (out.length < length) {
    const r = rand();
    const c = criteria[Math.floor(rand() * criteria.length)];
    if (r < 0.1 && c) {
      const digits = c.value.replace(/\s/g, "");
      out += /^[0-9]+$/.test(digits) ? randomNumber(rand, digits.length, digits) : c.value.toUpperCase().split("").join(rand() < 0.5 ? "" : " ");
    } else if (r < 0.2) {
      const size = 1 + Math.floor(rand() * 6);
      const seps = ["-", "至", "～", " ~ ", "—", "到", "--", "-a", "b-", "-发 ", "至😀"];
      const sep = seps[Math.floor(rand() * seps.length)];
      out += randomNumber(rand, size) + sep + randomNumber(rand, rand() < 0.8 ? size : size + 1);
    } else if (r < 0.3) {
      out += randomNumber(rand);
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
  const seen = { exact: 0, range: 0, substring: 0, grouped: 0 };

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

  it("exercised every kind of hit", () => {
    expect(seen.exact).toBeGreaterThan(20);
    expect(seen.range).toBeGreaterThan(20);
    expect(seen.substring).toBeGreaterThan(20);
    expect(seen.grouped).toBeGreaterThan(20);
  });
});
