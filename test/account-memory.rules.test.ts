/** The account's memory, its pure part (worker/domain/account-memory.ts): what a looked-up value is folded to, and when a text names it. */
import { describe, expect, it } from "vitest";
import { memoryProbe, namesValue } from "../worker/domain/account-memory";

describe("the account's memory of a value", () => {
  it("folds a number as criteria are folded, and reads registrations by its head", () => {
    const probe = memoryProbe(" ４３６３ ２７００ ")!;
    expect(probe.folded).toBe("43632700");
    expect(probe.prefix).toBe("43632");
  });

  it("finds a number printed inside a range, never inside a longer number or outside the range", () => {
    const probe = memoryProbe("43632700")!;
    expect(namesValue(probe, "发票号码：43632615~43632933")).toBe(true);
    expect(namesValue(probe, "发票号码：43632615、43632933")).toBe(false);
    expect(namesValue(probe, "合同编号HT143632700999")).toBe(false);
    expect(namesValue(probe, "发票号码：43632701~43632933")).toBe(false);
  });

  it("finds a keyword across scripts and widths", () => {
    const probe = memoryProbe("應收賬款")!;
    expect(probe.folded).toBe("应收账款");
    expect(namesValue(probe, "以其对某公司享有的应收账款出质")).toBe(true);
  });

  it("has nothing to look for in white space alone", () => {
    expect(memoryProbe(" \u3000 ")).toBeNull();
  });
});
