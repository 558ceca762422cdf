/**
 * The CLI's results table (cli/views.ts) names each result's standing in the console's words
 * (worker/schemas/standing-words.ts over the one vocabulary), in the last column, in either language.
 */
import { describe, expect, it } from "vitest";
import { resultsTable } from "../cli/views.ts";
import type { Check, CheckResultPage, CheckResultSummary } from "../client/index.ts";
import { vocabulary } from "../worker/schemas/vocabulary-words.ts";

const AS_OF = "2026-11-27T10:00:00.000+08:00";

function item(id: string, standing: CheckResultSummary["standing"]): CheckResultSummary {
  return {
    registration: { id, certificateNumber: `413285470000${id.slice(-8)}` } as CheckResultSummary["registration"],
    matchStatus: "matched",
    matchedCriterionIds: ["crt_1"],
    resultStatus: "pending",
    strength: "invoice_match",
    ...(standing ? { standing } : {}),
  };
}

const page: CheckResultPage = {
  counts: { all: 4, confirmed: 0, excluded: 0, pending: 4, unmatched: 0 },
  reviewableCount: 4,
  page: 1,
  pageSize: 20,
  total: 4,
  items: [
    item("reg_00000001", {
      state: "in_force",
      effectiveUntil: "2035-03-01",
      cancelledBy: null,
      changedBy: [],
      stillDescribed: null,
      asOf: AS_OF,
      basis: "chain",
    }),
    item("reg_00000002", {
      state: "cancelled",
      effectiveUntil: "2029-05-10",
      cancelledBy: { certificateNumber: "41328547000000000009", registerTime: "2025-06-01T09:00:00+08:00" },
      changedBy: [],
      stillDescribed: null,
      asOf: AS_OF,
      basis: "chain",
    }),
    item("reg_00000003", {
      state: "unknown",
      effectiveUntil: null,
      cancelledBy: null,
      changedBy: [],
      stillDescribed: null,
      asOf: AS_OF,
      basis: "unknown",
    }),
    item("reg_00000004", undefined),
  ],
};

const check = { criteria: [{ id: "crt_1", kind: "invoice_no", value: "31000101" }] } as unknown as Check;

describe("the CLI's results table", () => {
  it("shows each result's standing in words, last", () => {
    const lines = resultsTable(page, check, vocabulary("en")).split("\n");
    const header = lines.find((l) => l.startsWith("REGISTRATION"))!;
    expect(header.trim().endsWith("STANDING")).toBe(true);
    const row = (id: string) => lines.find((l) => l.startsWith(id))!;
    expect(row("reg_00000001")).toMatch(/In force until 2035-03-01\s*$/);
    expect(row("reg_00000002")).toMatch(/Cancelled \(cancellation 41328547000000000009\)\s*$/);
    expect(row("reg_00000003")).toMatch(/Standing unknown; the chain was cut or a certi/);
    // A result matched before standings were kept says nothing rather than guess.
    expect(row("reg_00000004")).not.toMatch(/In force|Cancelled|Expired|unknown/);
  });

  it("speaks Chinese when asked", () => {
    const text = resultsTable(page, check, vocabulary("zh-CN"));
    expect(text).toContain("有效至 2035-03-01");
    expect(text).toContain("已注销（注销登记 41328547000000000009）");
  });
});
