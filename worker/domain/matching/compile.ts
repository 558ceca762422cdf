/**
 * @module Criteria → compiled matcher: normalisation, de-duplication, then one automaton over every
 * pattern (keywords and invoice numbers) and the invoice numbers sorted by value for ranges.
 */
import { buildAutomaton } from "./automaton";
import { isDigitString, normalizeValue } from "./fold";
import { buildNumberTable } from "./numbers";
import { scanText } from "./scan";
import type { CompiledMatcher, CompiledTables, Criterion, Pattern } from "./types";

/** Compiles up to a few hundred criteria into a matcher reusable across texts. */
export function compileCriteria(criteria: readonly Criterion[]): CompiledMatcher {
  const byKey = new Map<string, Pattern>();
  const ignored: string[] = [];
  for (const c of criteria) {
    const value = normalizeValue(c.value);
    if (value.length === 0) {
      ignored.push(c.id);
      continue;
    }
    const numeric = c.kind === "invoice_no" && isDigitString(value);
    const key = (numeric ? "n:" : "s:") + value;
    let p = byKey.get(key);
    if (!p) byKey.set(key, (p = { value, numeric, criteria: [] }));
    if (!p.criteria.some((x) => x.id === c.id && x.kind === c.kind)) p.criteria.push({ id: c.id, kind: c.kind });
  }
  const patterns = [...byKey.values()];
  const automaton = buildAutomaton(
    patterns.map((p) => p.value),
    patterns.some((p) => p.numeric),
  );
  const numbers = buildNumberTable(
    patterns.map((p) => p.value),
    patterns.map((p) => p.numeric),
  );
  const seen = new Set<string>();
  let needsDedupe = false;
  for (const p of patterns)
    for (const c of p.criteria) {
      if (seen.has(c.id)) needsDedupe = true;
      seen.add(c.id);
    }
  const longest = patterns.reduce((m, p) => Math.max(m, p.value.length), 0);
  const tables: CompiledTables = { automaton, numbers, patterns, needsDedupe, longest };
  return { patterns, ignored, scan: (text) => scanText(tables, text) };
}
