/**
 * Evidence locations against the drawing: the sandbox generator knows where it drew every run (PDF points,
 * baseline, size) and the fonts know how wide each character prints, so the quads evidence-locations
 * returns for a hit must lie on the printed number: on its run's line and over the number's characters
 * inside the run, not merely somewhere on the page.
 */
import fontkit from "@pdf-lib/fontkit";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { normalizeText } from "../worker/domain/text/normalize";
import type { PageDrawing, TextRun } from "../worker/pdf/drawing";
import { embeddedFontBytes } from "../worker/pdf/fonts";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { invoiceListDrawings } from "../worker/upstream/sandbox/render";
import { body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";
import type { Check, CheckResult, EvidenceLocations } from "./api-types";

/** Thirty registrations: enough descriptions and invoice lists that print numbers. */
const SUBJECT = "规模30证据定位测试有限公司";

interface Box {
  /** The run prints characters that normalisation folds (full-width digits): placed less exactly, see below. */
  folded: boolean;
  size: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * How wide a text prints, as a PDF viewer lays it out: the embedded font (Noto Sans SC, subset) by its
 * own glyph advances; the non-embedded STSong-Light by the Adobe-GB1 widths, half an em for its
 * half-width characters and a whole em for the others.
 */
type Widths = (text: string, size: number) => number;
type FontBytes = Parameters<typeof fontkit.create>[0];
const embeddedFont = fontkit.create(embeddedFontBytes() as unknown as FontBytes) as {
  unitsPerEm: number;
  glyphForCodePoint(cp: number): { advanceWidth: number };
};
const EMBEDDED: Widths = (text, size) =>
  ([...text].reduce((units, ch) => units + embeddedFont.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth, 0) / embeddedFont.unitsPerEm) * size;
const STSONG: Widths = (text, size) => [...text].reduce((em, ch) => em + ((ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.5 : 1), 0) * size;
const widthsOf = (font: string): Widths => (font === "stsong" ? STSONG : EMBEDDED);

/** Where `printed` (as the page text serves it) was drawn on a page: top-left origin, points. */
function drawnAt(page: PageDrawing, printed: string, widths: Widths): Box | null {
  for (const run of page.runs) {
    const at = normalizeText(run.text).indexOf(printed);
    if (at < 0 || run.rotate) continue;
    return truthBox(page, run, at, printed.length, widths);
  }
  return null;
}

function truthBox(page: PageDrawing, run: TextRun, at: number, length: number, widths: Widths): Box {
  const left = run.x + widths(run.text.slice(0, at), run.size);
  return {
    folded: normalizeText(run.text) !== run.text,
    size: run.size,
    left,
    right: left + widths(run.text.slice(at, at + length), run.size),
    // A glyph stands about 0.88 em above its baseline and 0.12 em below.
    top: page.height - run.y - run.size * 0.88,
    bottom: page.height - run.y + run.size * 0.12,
  };
}

interface Pick {
  certificateNumber: string;
  number: string;
  drawings: (fileName: string | null) => PageDrawing[] | null;
  widths: (fileName: string | null) => Widths;
}

/** Numbers printed in descriptions and in PDF invoice lists (three of each), with the drawings of their pages. */
function printedInvoices(): Pick[] {
  const described: Pick[] = [];
  const listed: Pick[] = [];
  for (const { certificateNumber } of sandboxRegistry.listing(SUBJECT)) {
    const laid = sandboxRegistry.find(SUBJECT, certificateNumber);
    if (!laid) continue;
    const drawings = (fileName: string | null) => {
      if (fileName === null) return laid.layout.drawings;
      const attachment = laid.registration.attachments.find((a) => a.fileName === fileName && a.mimeType === "application/pdf");
      return attachment ? invoiceListDrawings(attachment) : null;
    };
    // Invoice lists are drawn with the embedded font whatever the certificate's style.
    const widths = (fileName: string | null) => (fileName === null ? widthsOf(laid.registration.style.font) : EMBEDDED);
    // Numbers the certificate prints whole on one line, and numbers of a PDF invoice list (pictures are OCR's).
    const printedWhole = (n: string) => laid.layout.pageTexts.some((t) => t.includes(n));
    const inDescription = laid.registration.mentions.find((m) => m.source === "description" && !m.range && printedWhole(m.number));
    const lists = laid.registration.attachments.filter((a) => a.mimeType === "application/pdf");
    const inList = lists.flatMap((a) => a.mentions)[0];
    if (inDescription) described.push({ certificateNumber, number: inDescription.number, drawings, widths });
    if (inList) listed.push({ certificateNumber, number: inList.number, drawings, widths });
  }
  return [...described.slice(0, 3), ...listed.slice(0, 3)];
}

describe("evidence locations", () => {
  it("puts word quads on the printed numbers of generated certificates and invoice lists", async () => {
    const a = await newAccount();
    const picks = printedInvoices();
    expect(picks.length).toBeGreaterThanOrEqual(3);
    const created = await body<Check>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: SUBJECT, criteria: picks.map((p) => ({ kind: "invoice_no", value: p.number })) },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const regs = await body<{ items: Array<{ id: string; certificateNumber: string }> }>(
      await open(`/queries/${created.sourceRegistryQueryId}/registrations?pageSize=100`, a.key),
    );

    let located = 0;
    let exact = 0;
    const sources = new Set<string>();
    for (const pick of picks) {
      const reg = regs.items.find((r) => r.certificateNumber === pick.certificateNumber)!;
      const result = await body<CheckResult>(await open(`/checks/${created.id}/results/${reg.id}`, a.key));
      expect(result.matchStatus, JSON.stringify({ number: pick.number, issues: result.coverageIssues, pending: result.pendingReason })).toBe(
        "matched",
      );
      const criterionId = created.criteria[picks.indexOf(pick)]!.id;
      for (const evidence of result.check!.evidence.filter((e: { criterionId: string }) => e.criterionId === criterionId)) {
        // A number wrapped over two lines is two pieces on the page: checked elsewhere by its two quads.
        if (String(evidence.termValue).includes("\n")) continue;
        const fileName = evidence.sourceField === "attachment_text" ? evidence.fileName : null;
        const page = pick.drawings(fileName)?.[evidence.pageNumber! - 1];
        const truth = page && drawnAt(page, evidence.termValue, pick.widths(fileName));
        expect(truth, `${evidence.termValue} drawn on page ${evidence.pageNumber} of ${evidence.fileName}`).toBeTruthy();
        const res = await open(
          `/checks/${created.id}/results/${reg.id}/evidence-locations?documentId=${evidence.documentId}&pageNumber=${evidence.pageNumber}`,
          a.key,
        );
        const locations = await body<EvidenceLocations>(res);
        expect(locations.width).toBeCloseTo(page!.width, 1);
        expect(locations.height).toBeCloseTo(page!.height, 1);
        const location = locations.locations.find((l: { evidenceId: string }) => l.evidenceId === evidence.id)!;
        expect(location).toMatchObject({ precision: "word", reason: null });
        expect(location.quads).toHaveLength(1);
        const [x1, y1, x2, y2, x3, y3, x4, y4] = location.quads[0] as number[];
        // A rectangle, corners clockwise from the top-left, inside the page.
        expect([y1, x2, y3, x4]).toEqual([y2, x3, y4, x1]);
        for (const v of location.quads[0] as number[]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        const quad = { left: x1! * locations.width!, right: x2! * locations.width!, top: y1! * locations.height!, bottom: y3! * locations.height! };
        const t = truth!;
        const width = t.right - t.left;
        const where = JSON.stringify({ term: evidence.termValue, source: evidence.sourceField, truth: t, quad });
        // On the number: its middle within the drawn number, covering most of it and not much more. Characters
        // inside a run are placed by interpolation over the page text, where a full-width digit is folded to
        // ASCII and counts as half-width: in a run that prints some, the quad may shift by a few characters,
        // and only overlapping the number is asked.
        const overlap = Math.min(quad.right, t.right) - Math.max(quad.left, t.left);
        if (t.folded) expect(overlap / width, where).toBeGreaterThan(0.3);
        else {
          expect((quad.left + quad.right) / 2, where).toBeGreaterThan(t.left);
          expect((quad.left + quad.right) / 2, where).toBeLessThan(t.right);
          expect(overlap / width, where).toBeGreaterThan(0.75);
        }
        expect((quad.right - quad.left) / width, where).toBeLessThan(1.5);
        exact += t.folded ? 0 : 1;
        // On its line: the quad's middle between the glyphs' top and bottom.
        expect((quad.top + quad.bottom) / 2, where).toBeGreaterThan(t.top);
        expect((quad.top + quad.bottom) / 2, where).toBeLessThan(t.bottom);
        located++;
        sources.add(evidence.sourceField);
      }
    }
    expect(located).toBeGreaterThanOrEqual(3);
    expect(exact, JSON.stringify({ located, exact, picks: picks.length })).toBeGreaterThanOrEqual(1);
    expect([...sources].sort()).toEqual(["attachment_text", "property_description"]);
  });

  it("answers page precision for a page whose text has no boxes, and 404 for another account's result", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const pick = printedInvoices()[0]!;
    const created = await body<Check>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: SUBJECT, criteria: [{ kind: "invoice_no", value: pick.number }] },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId);
    await waitForCheck(created.id);
    const regs = await body<{ items: Array<{ id: string; certificateNumber: string }> }>(
      await open(`/queries/${created.sourceRegistryQueryId}/registrations?pageSize=100`, a.key),
    );
    const reg = regs.items.find((r) => r.certificateNumber === pick.certificateNumber)!;
    const result = await body<CheckResult>(await open(`/checks/${created.id}/results/${reg.id}`, a.key));
    const evidence = result.check!.evidence[0]!;
    const path = `/checks/${created.id}/results/${reg.id}/evidence-locations?documentId=${evidence.documentId}&pageNumber=${evidence.pageNumber}`;
    expect((await open(path, b.key)).status).toBe(404);

    // Texts without boxes (a bare array of page texts): the page is all that is known.
    const textKey = `text/${created.sourceRegistryQueryId}/${evidence.documentId}.json`;
    const stored = (await (await env.FILES.get(textKey))!.json()) as { texts: string[] };
    await env.FILES.put(textKey, JSON.stringify(stored.texts));
    const locations = await body<EvidenceLocations>(await open(path, a.key));
    expect(locations.locations.find((l: { evidenceId: string }) => l.evidenceId === evidence.id)).toEqual({
      evidenceId: evidence.id,
      precision: "page",
      quads: [],
      reason: "TEXT_ONLY_MODE",
    });
  });
});
