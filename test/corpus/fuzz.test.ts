/**
 * The layout fuzzer as a bounded property (issue 29): certificates drawn by fast-check over both eras'
 * vocabulary, role headings per business type, label wrap widths, column positions, stream orders, fonts,
 * 1–20 parties, empty values, descriptions over several pages and invoice tables
 * (scripts/corpus/fuzz-case.ts), each printed to a PDF and read as the pipeline reads it. The property: no
 * field is wrong without a ParseIssue saying so; and over the run, at least 99 % of the fields read right.
 * `npm run corpus` reads thousands of the same cases and prints the tables.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzKnobs } from "../../scripts/corpus/fuzz-case";
import { scoreFuzzCase } from "./fuzz";
import { outcomeOf } from "./fields";
import { type DocumentScore, failureList, scoreRenderers } from "./score";

/** Cases a run reads: each is a PDF of one to six pages, read in about a third of a second. */
const RUNS = 40;
const MIN_ACCURACY = 99;

describe("layout fuzzer", () => {
  it("never reads a field wrong without an issue, and reads at least 99 % of the fields right", async () => {
    const scores: DocumentScore[] = [];
    await fc.assert(
      fc.asyncProperty(fuzzKnobs, async (knobs) => {
        const score = await scoreFuzzCase(knobs);
        scores.push(score);
        const silent = score.checks.filter((c) => outcomeOf(c) === "unflagged");
        expect(silent, failureList([{ ...score, checks: silent }])).toEqual([]);
      }),
      { numRuns: RUNS, seed: 29, endOnFailure: true },
    );
    const total = scoreRenderers(scores).at(-1);
    expect(total?.accuracy ?? 0, failureList(scores)).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });
});
