/**
 * @module A system decision in the words of how the number was found (issue 37: "A range hit is
 * worded as a range hit wherever a system decision is shown"): an invoice number printed on its own
 * is an invoice-number match; one found only inside a printed range ("43632615~43632933") or an
 * abbreviated list is said to be so, never "matches". The form of each hit is the export's own rule
 * (export/hit-form.ts), read from the result's evidence through the console's JSON.
 */
import type { z } from "zod";
import type { CheckResult, ResultPageSchema } from "../../schemas/check-result";
import { exportDecision, hitForm, type ExportDecision } from "../export/hit-form";
import { defineMessages, type Lang } from "./i18n";
import { readConsoleApi, type PageContext } from "./page-session";
import { vocabulary } from "./vocabulary";

type Summary = z.output<typeof ResultPageSchema>["items"][number];

const words = defineMessages(
  {
    invoice_in_printed_range: "发票号落在登记所载的号码区间内（该号码本身未单独列明）",
    invoice_in_printed_list: "发票号在登记所载的简写号码列表中（该号码本身未完整列明）",
  },
  {
    invoice_in_printed_range: "Invoice number within a printed range (the number itself is not printed)",
    invoice_in_printed_list: "Invoice number within an abbreviated printed list (the number itself is not printed in full)",
  },
);

/**
 * How each invoice-number match of the page was found, by registration id: one read of each such
 * result's evidence (in parallel, only the page's invoice-number matches). A result that cannot be
 * read keeps the plain word.
 */
export async function invoiceDecisions(
  c: PageContext,
  checkId: string,
  items: readonly Summary[],
  criteria: ReadonlyMap<string, string>,
): Promise<Map<string, ExportDecision>> {
  const matched = items.filter((r) => r.strength === "invoice_match");
  const reads = await Promise.all(
    matched.map((r) => readConsoleApi<CheckResult>(c, `/checks/${encodeURIComponent(checkId)}/results/${encodeURIComponent(r.registration.id)}`)),
  );
  const decisions = new Map<string, ExportDecision>();
  reads.forEach((read, i) => {
    if (!read.ok || !read.data.check) return;
    const forms = read.data.check.evidence
      .filter((e) => e.termKind === "invoice_no")
      .map((e) => hitForm("invoice_no", criteria.get(e.criterionId) ?? e.termValue, e.termValue));
    decisions.set(matched[i]!.registration.id, exportDecision(forms));
  });
  return decisions;
}

/** The strength cell's word: a range or list hit said as such, else the vocabulary's. */
export function strengthWord(lang: Lang, strength: Summary["strength"], decision: ExportDecision | undefined): string {
  if (!strength) return "—";
  if (decision === "invoice_in_printed_range" || decision === "invoice_in_printed_list") return words(lang)[decision];
  return vocabulary(lang).strength[strength];
}
