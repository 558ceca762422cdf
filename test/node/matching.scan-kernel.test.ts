import { describe, expect, it } from "vitest";
import { assembleScanKernel, readCommittedScanKernel } from "../../scripts/lib/scan-kernel.mjs";
import { compileCriteria, type Hit } from "../../worker/domain/matching";
import { SCAN_KERNEL_BASE64 } from "../../worker/domain/matching/scan-kernel-bytes";
import { BLOCK } from "../../worker/domain/matching/units";
import { compileCriteria as compileBefore } from "../support/matcher-ab4ece0";

/**
 * The scan kernel (worker/domain/matching/scan-kernel.wat): the committed binaries are that text's, and in
 * Node, where the kernel is compiled from the embedded bytes (package.json's #scan-kernel; workerd imports
 * the .wasm file, which test/matching.equivalence.test.ts exercises), the matcher finds what the JavaScript
 * matcher before the kernel found.
 */
describe("the scan kernel", () => {
  it("is committed as its text assembles: the .wasm file and the embedded bytes alike", async () => {
    const assembled = Array.from(await assembleScanKernel());
    expect(assembled.length).toBeGreaterThan(100);
    expect(Array.from(readCommittedScanKernel()), "run node scripts/build-scan-kernel.mjs").toEqual(assembled);
    const embedded = Array.from(atob(SCAN_KERNEL_BASE64), (c) => c.charCodeAt(0));
    expect(embedded, "run node scripts/build-scan-kernel.mjs").toEqual(assembled);
  });

  it("finds in Node the hits the matcher before it found, on a text of several blocks a quarter", () => {
    const criteria = [
      { id: "n1", kind: "invoice_no" as const, value: "01492921" },
      { id: "n2", kind: "invoice_no" as const, value: "12345605" },
      { id: "k", kind: "keyword" as const, value: "应收账款" },
    ];
    const piece = (i: number) =>
      ["發票號碼：01492921，", "12345601-12345609 ", "應收賬款", `${String(i).padStart(8, "0")}、`, "0149 2921\n", "第12345600号至第12345610号"][
        i % 6
      ];
    let text = "";
    for (let i = 0; text.length < 6 * BLOCK; i++) text += piece(i);
    const fields = (h: Hit) => [h.criterionId, h.via, h.start, h.end, h.matched];
    const want = compileBefore(criteria).scan(text).map(fields);
    expect(new Set(want.map((w) => w[1]))).toEqual(new Set(["exact", "range", "substring"]));
    expect(want.length).toBeGreaterThan(5000);
    expect(compileCriteria(criteria).scan(text).map(fields)).toEqual(want);
  });
});
