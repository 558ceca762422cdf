/**
 * The README quickstart's evidence, through the sandbox: a check on 上海示例供应链管理有限公司 with invoice
 * 11050292 and the keyword 应收账款. The invoice is printed (in full-width digits) in the property
 * description of a certificate whose page ends in a footer naming the issuer beside "第 N 页 共 M 页"
 * (and may carry the issuer as a diagonal watermark). The evidence must point at the number: its
 * snippet holds no page furniture, and its word quad covers the printed number, all eight digits.
 */
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../worker/domain/text/normalize";
import type { PageDrawing } from "../worker/pdf/drawing";
import { embeddedFontBytes } from "../worker/pdf/fonts";
import { DEMO } from "../worker/routes/samples";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";
import type { Check, CheckResult, EvidenceLocations } from "./api-types";

type FontBytes = Parameters<typeof fontkit.create>[0];
const font = fontkit.create(embeddedFontBytes() as unknown as FontBytes) as {
  unitsPerEm: number;
  glyphForCodePoint(cp: number): { advanceWidth: number };
};

/** How wide `text` prints: the embedded font's advances, or STSong-Light's half and whole ems. */
function widthOf(text: string, size: number, stsong: boolean): number {
  if (stsong) return [...text].reduce((em, ch) => em + ((ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.5 : 1), 0) * size;
  return ([...text].reduce((u, ch) => u + font.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth, 0) / font.unitsPerEm) * size;
}

/** Where the page drew the number (as served, folded) in an upright run: left and right in points. */
function drawnAt(page: PageDrawing, printed: string, stsong: boolean): { left: number; right: number } | null {
  for (const run of page.runs) {
    if (run.rotate) continue;
    const folded = normalizeText(run.text);
    const at = folded.indexOf(printed);
    if (at < 0) continue;
    // Folding keeps one unit per unit here (full-width digits to ASCII), so offsets carry over to the run.
    const left = run.x + widthOf(run.text.slice(0, at), run.size, stsong);
    return { left, right: left + widthOf(run.text.slice(at, at + printed.length), run.size, stsong) };
  }
  return null;
}

describe("the quickstart's evidence", () => {
  it("points at 11050292: no page furniture in its snippet, a quad over all eight digits", async () => {
    const a = await newAccount();
    const created = await body<Check>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: {
          applicant: DEMO.subject,
          criteria: [
            { kind: "invoice_no", value: DEMO.invoiceNo },
            { kind: "keyword", value: DEMO.keyword },
          ],
        },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const regs = await body<{ items: Array<{ id: string; certificateNumber: string }> }>(
      await open(`/queries/${created.sourceRegistryQueryId}/registrations?pageSize=100`, a.key),
    );
    const invoiceCriterion = created.criteria.find((c: { kind: string }) => c.kind === "invoice_no")!;
    let checked = 0;
    for (const reg of regs.items) {
      const result = await body<CheckResult>(await open(`/checks/${created.id}/results/${reg.id}`, a.key));
      for (const evidence of result.check?.evidence ?? []) {
        const laid = sandboxRegistry.find(DEMO.subject, reg.certificateNumber)!;
        const pageText = laid.layout.pageTexts[evidence.pageNumber! - 1]!;
        // The generator prints a running header first and the footer (issuer, page N of M) last: a snippet
        // of the page's content is a piece of the lines between.
        const lines = pageText.split("\n");
        const content = normalizeText(lines.slice(1, -1).join("\n"));
        expect(content.includes(evidence.snippet), `snippet ${JSON.stringify(evidence.snippet)} reaches the furniture`).toBe(true);
        expect(evidence.snippet).toContain(evidence.termValue);
        if (evidence.criterionId !== invoiceCriterion.id || evidence.sourceField !== "property_description") continue;

        const locations = await body<EvidenceLocations>(
          await open(
            `/checks/${created.id}/results/${reg.id}/evidence-locations?documentId=${evidence.documentId}&pageNumber=${evidence.pageNumber}`,
            a.key,
          ),
        );
        const location = locations.locations.find((l: { evidenceId: string }) => l.evidenceId === evidence.id)!;
        expect(location).toMatchObject({ precision: "word", reason: null });
        const [x1, , x2] = location.quads[0] as number[];
        const quad = { left: x1! * locations.width!, right: x2! * locations.width! };
        const truth = drawnAt(laid.layout.drawings[evidence.pageNumber! - 1]!, evidence.termValue, laid.registration.style.font === "stsong")!;
        expect(truth, "the number is drawn in one upright run").toBeTruthy();
        const where = JSON.stringify({ snippet: evidence.snippet, truth, quad });
        // Every digit inside the quad, and not more than a character's width beyond either end.
        const digit = (truth.right - truth.left) / 8;
        expect(quad.left, where).toBeLessThanOrEqual(truth.left + digit * 0.25);
        expect(quad.right, where).toBeGreaterThanOrEqual(truth.right - digit * 0.25);
        expect(quad.left, where).toBeGreaterThan(truth.left - digit);
        expect(quad.right, where).toBeLessThan(truth.right + digit);
        checked++;
      }
    }
    expect(checked).toBe(1);
  });
});
