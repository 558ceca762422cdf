import { describe, expect, it } from "vitest";
import { compileCriteria, type Criterion, type Hit } from "../worker/domain/matching";
import { BLOCK, fillsNatively, newUnitBlock } from "../worker/domain/matching/units";
import { compileCriteria as compileBefore } from "./support/matcher-ab4ece0";
import { prng } from "./support/prng";

/**
 * The matcher of issue 40 (the automaton's loop as WebAssembly over blocks of the text, four chains, the
 * looks after each block: worker/domain/matching/scan-kernel.wat; labelled ranges tried only near their
 * labels) finds exactly the hits of the matcher before it (test/support/matcher-ab4ece0, frozen):
 * every hit, in the same order, with the same fields, on generated pages of Chinese registry text.
 */

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const digits = (rand: Rand, n: number): string => Array.from({ length: n }, () => Math.floor(rand() * 10)).join("");

/** Running text: simplified and traditional words of the registry, labels, separators and marks among them. */
const WORDS = [
  "本公司将其对债务人享有的",
  "應收賬款",
  "应收帐款",
  "转让给保理人",
  "債權轉讓",
  "担保财产描述如下",
  "发票明细",
  "發票號碼",
  "发票代码",
  "金额人民币",
  "元",
  "合同编号",
  "期限至",
  "年",
  "月",
  "日",
  "共计",
  "张",
  "详见附件清单",
  "第一批",
  "一起",
  "起诉",
  "开票日期",
  "開始",
  "止于",
  "结束",
  "，",
  "。",
  "；",
  "：",
  "、",
  "/",
  "No.",
  "№",
  "号",
  "第",
  "Invoice",
  "ＡＢＣ",
  "😀",
  "\ud800",
  "①",
];
const WHITE = [" ", " ", "\n", "\n", "\t", "\u3000", "\u200b", "\uffff", "\u00a0", "  ", "\r\n"];
const SEPARATORS = ["-", "~", "～", "〜", "—", "－", "至", "到", "一", "ー", " - ", " 至 ", "--", "-No.", "至第"];
const KEYWORDS = [
  "应收账款",
  "保理合同",
  "質押財產",
  "货物销售",
  "invoice",
  "详见附件",
  "转让财产价值",
  "ABC有限公司",
  "起始",
  "开票",
  "号至",
  "一批",
  "账款款",
];

/** Full-width digits for some or all of a number's digits. */
function widen(rand: Rand, number: string): string {
  if (rand() < 0.7) return number;
  const all = rand() < 0.5;
  return number.replace(/[0-9]/g, (d) => (all || rand() < 0.3 ? String.fromCharCode(0xff10 + Number(d)) : d));
}

/** A number as printed: plainly, in 4-digit groups, joined by hyphens, or wrapped across lines. */
function written(rand: Rand, number: string): string {
  const r = rand();
  let out = number;
  if (r < 0.15) out = (number.match(/.{1,4}/g) ?? []).join(pick(rand, [" ", " ", "\n", "\t", "  "]));
  else if (r < 0.25) out = (number.match(/.{1,4}/g) ?? []).join("-");
  else if (r < 0.32) {
    const cut = 1 + Math.floor(rand() * (number.length - 1));
    out = `${number.slice(0, cut)}${pick(rand, ["-", "\n", " ", "\r\n"])}${number.slice(cut)}`;
  }
  return widen(rand, out);
}

/** A number near a criterion's: one digit off, a digit more on either side, inside a longer run, or itself. */
function nearby(rand: Rand, value: string): string {
  const r = rand();
  if (r < 0.25) {
    const k = Math.floor(rand() * value.length);
    return value.slice(0, k) + String((Number(value[k]) + 1 + Math.floor(rand() * 8)) % 10) + value.slice(k + 1);
  }
  if (r < 0.4) return digits(rand, 1) + value;
  if (r < 0.5) return value + digits(rand, 1);
  if (r < 0.6) return digits(rand, 20 - Math.min(value.length, 19)) + value;
  return value;
}

/** A number of the criterion's length a little below or above it (an end of a range around it). */
function shifted(value: string, by: number): string {
  const n = BigInt(value) + BigInt(by);
  return n < 0n ? value : n.toString().padStart(value.length, "0").slice(-value.length);
}

/** One piece of a page: words, white space, a number, a range, a list, a labelled range, a keyword. */
function piece(rand: Rand, criteria: readonly Criterion[]): string {
  const numbers = criteria.filter((c) => c.kind === "invoice_no" && /^[0-9]+$/.test(c.value)).map((c) => c.value);
  const value = numbers.length > 0 && rand() < 0.8 ? pick(rand, numbers) : digits(rand, pick(rand, [8, 8, 20, 6, 12]));
  const r = rand();
  if (r < 0.45) return pick(rand, WORDS);
  if (r < 0.55) return pick(rand, WHITE);
  if (r < 0.67)
    return `${pick(rand, ["", "", "发票号码：", "No.", "№ ", "第", "号码 "])}${written(rand, nearby(rand, value))}${pick(rand, ["", "", "号", "元", ".00"])}`;
  if (r < 0.77) {
    // A range around (or beside) the number: same length, shortened, reversed, with any separator.
    const low = shifted(value, -Math.floor(rand() * 60));
    const high = shifted(value, Math.floor(rand() * 60) - 5);
    const end = rand() < 0.2 ? high.slice(-1 - Math.floor(rand() * 3)) : high;
    const [a, b] = rand() < 0.1 ? [end, low] : [low, end];
    return `${rand() < 0.2 ? "第" : ""}${written(rand, a)}${rand() < 0.15 ? "号" : ""}${pick(rand, SEPARATORS)}${written(rand, b)}`;
  }
  if (r < 0.83) {
    const tail = 1 + Math.floor(rand() * 2);
    const head = value.length > tail ? value.slice(0, -tail) + "0".repeat(tail) : value;
    let out = written(rand, head);
    for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) out += pick(rand, ["/", "、", " / ", "，"]) + digits(rand, tail);
    return out;
  }
  if (r < 0.88) {
    const low = shifted(value, -Math.floor(rand() * 40));
    const high = shifted(value, Math.floor(rand() * 40) - 3);
    const form = pick(rand, [
      (a: string, b: string) => `起始号码：${a}，终止号码：${b}`,
      (a: string, b: string) => `起始发票号码 ${a} 至 截止号码 ${b}`,
      (a: string, b: string) => `起 ${a} 止 ${b}`,
      (a: string, b: string) => `自${a}起至${b}止`,
      (a: string, b: string) => `No.${a}号起\n至No.${b}号止`,
      (a: string, b: string) => `开始号码${a}，结束号码：${b}`,
      (a: string, b: string) => `起始号码：${a}。终止号码：${b}`,
    ]);
    return form(written(rand, low), written(rand, high));
  }
  const keyword = pick(
    rand,
    criteria
      .filter((c) => c.kind === "keyword")
      .map((c) => c.value)
      .concat(KEYWORDS),
  );
  // Written with white space inside (a line wrap), in upper case, or a character short.
  const k = Math.floor(rand() * keyword.length);
  if (rand() < 0.3) return keyword.slice(0, k) + pick(rand, WHITE) + keyword.slice(k);
  if (rand() < 0.1) return keyword.slice(0, k) + keyword.slice(k + 1);
  return rand() < 0.2 ? keyword.toUpperCase() : keyword;
}

function page(rand: Rand, criteria: readonly Criterion[], length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const p = piece(rand, criteria);
    parts.push(p);
    size += p.length;
  }
  return parts.join("");
}

function randomCriteria(rand: Rand): Criterion[] {
  const out: Criterion[] = [];
  const count = 1 + Math.floor(rand() * 40);
  for (let i = 0; i < count; i++) {
    const r = rand();
    const id = rand() < 0.05 && i > 0 ? `c${i - 1}` : `c${i}`;
    if (r < 0.6) out.push({ id, kind: "invoice_no", value: digits(rand, pick(rand, [8, 8, 8, 20, 6, 12, 4])) });
    else if (r < 0.65) out.push({ id, kind: "invoice_no", value: pick(rand, ["No.0149", "ＡＢ12", " "]) });
    else out.push({ id, kind: "keyword", value: pick(rand, KEYWORDS) });
  }
  return out;
}

/** Every field of a hit, `matched` included (a getter, so named). */
const fields = (h: Hit) => ({ criterionId: h.criterionId, termKind: h.termKind, via: h.via, start: h.start, end: h.end, matched: h.matched });

describe("the matcher finds exactly the hits of the matcher before issue 40", () => {
  const seen: Record<string, number> = { exact: 0, range: 0, substring: 0, list: 0, spaced: 0, labelled: 0, pages: 0 };
  const count = (hits: readonly Hit[]) => {
    seen.pages = (seen.pages ?? 0) + 1;
    for (const h of hits) {
      seen[h.via] = (seen[h.via] ?? 0) + 1;
      if (/\s/.test(h.matched)) seen.spaced = (seen.spaced ?? 0) + 1;
      if (h.via === "range" && /[起止]/.test(h.matched)) seen.labelled = (seen.labelled ?? 0) + 1;
    }
  };

  it.each(Array.from({ length: 12 }, (_, k) => k + 1))("pages of seed %i", (seed) => {
    const rand = prng(seed * 104729);
    for (let set = 0; set < 5; set++) {
      const criteria = randomCriteria(rand);
      const after = compileCriteria(criteria);
      const before = compileBefore(criteria);
      for (let n = 0; n < 60; n++) {
        const text = page(rand, criteria, Math.floor(rand() * (rand() < 0.8 ? 1500 : 9000)));
        const want = before.scan(text);
        expect(after.scan(text).map(fields), JSON.stringify({ seed, criteria, text })).toEqual(want.map(fields));
        count(want);
      }
    }
  });

  it("reads texts longer than a block (four chains, block edges, a quarter over several blocks) like the matcher before", () => {
    const rand = prng(7);
    // Up to 4 blocks the quarters are shorter than a block; past 4 each quarter is read in several.
    for (const blocks of [2, 3.5, 5, 9]) {
      const criteria = randomCriteria(rand);
      const text = page(rand, criteria, blocks * BLOCK + Math.floor(rand() * 7));
      const want = compileBefore(criteria).scan(text);
      expect(compileCriteria(criteria).scan(text).map(fields)).toEqual(want.map(fields));
      count(want);
    }
  });

  it("finds a hit at every unit, where every step of every chain is a look, like the matcher before", () => {
    // The kernel records a look per unit and chain here: as many as its event list holds (./kernel.ts).
    for (const [criteria, unit] of [
      [[{ id: "a", kind: "keyword", value: "a" }], "a"],
      [
        [
          { id: "n", kind: "invoice_no", value: "1111" },
          { id: "k", kind: "keyword", value: "11" },
        ],
        "1",
      ],
    ] as const) {
      const text = unit.repeat(5 * BLOCK + 3);
      const want = compileBefore(criteria).scan(text);
      expect(want.length).toBeGreaterThan(5 * BLOCK);
      expect(compileCriteria(criteria).scan(text).map(fields)).toEqual(want.map(fields));
    }
  });

  it("exercised every kind of hit", () => {
    expect(seen.pages, JSON.stringify(seen)).toBeGreaterThan(3600);
    for (const kind of ["exact", "range", "substring", "spaced"]) expect(seen[kind], JSON.stringify(seen)).toBeGreaterThan(1000);
    expect(seen.list, JSON.stringify(seen)).toBeGreaterThan(100);
    expect(seen.labelled, JSON.stringify(seen)).toBeGreaterThan(100);
  });
});

describe("a block of the text's units (worker/domain/matching/units.ts)", () => {
  it("holds the same units filled natively (Buffer) as filled unit by unit: lone surrogates, one-byte text, slices", () => {
    expect(fillsNatively).toBe(true);
    const rand = prng(11);
    const native = newUnitBlock(true);
    const byUnits = newUnitBlock(false);
    const texts = ["ascii only 0123", "應收賬款 ０１４９\ud800\udfff\udc00x\ud83d", page(rand, randomCriteria(rand), 3 * BLOCK)];
    for (const text of texts)
      for (let n = 0; n < 20; n++) {
        const from = Math.floor(rand() * text.length);
        const to = Math.min(text.length, from + Math.floor(rand() * BLOCK));
        native.fill(text, from, to);
        byUnits.fill(text, from, to);
        const want = Array.from({ length: to - from }, (_, k) => text.charCodeAt(from + k));
        expect(Array.from(native.units.subarray(0, to - from))).toEqual(want);
        expect(Array.from(byUnits.units.subarray(0, to - from))).toEqual(want);
      }
  });
});
