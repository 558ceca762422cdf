import { describe, expect, it } from "vitest";
import { compileCriteria, normalizeValue, type Criterion } from "../worker/domain/matching";
import { buildAutomaton } from "../worker/domain/matching/automaton";
import { asRecord, referenceScan } from "./matching.reference";

/** 100 keywords of 200 characters drawn from 3,000 CJK characters: too big for a dense table. */
function largeCriteria(): Criterion[] {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  return Array.from({ length: 100 }, (_, i) => {
    let value = "";
    for (let k = 0; k < 200; k++) value += String.fromCharCode(0x4e00 + (next() % 3000));
    return { id: `k${i}`, kind: "keyword" as const, value };
  });
}

describe("automaton beyond the dense budget", () => {
  const criteria = largeCriteria();

  it("falls back to sparse states", () => {
    const a = buildAutomaton(criteria.map((c) => normalizeValue(c.value)));
    expect(a.denseCount).toBeLessThan(a.stateCount);
  });

  it("still finds every keyword, including ones broken by whitespace, like the reference", () => {
    const pieces: string[] = [];
    criteria.forEach((c, i) => {
      pieces.push("前文", i % 3 === 0 ? `${c.value.slice(0, 150)}\n${c.value.slice(150)}` : c.value);
      if (i % 5 === 0) pieces.push(c.value.slice(0, 199), "断");
    });
    const text = pieces.join("");
    const hits = compileCriteria(criteria).scan(text);
    expect(hits).toHaveLength(100);
    expect(hits.map(asRecord)).toEqual(referenceScan(criteria, text));
  });
});
