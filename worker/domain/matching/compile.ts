/**
 * @module Criteria → compiled matcher: normalisation, de-duplication, automaton.
 */
import { buildAutomaton, type Automaton } from "./automaton";
import { isDigitString, normalizeValue } from "./fold";
import { scanText } from "./scan";

export type TermKind = "invoice_no" | "keyword";

export interface Criterion {
  id: string;
  kind: TermKind;
  value: string;
}

/**
 * How a hit was found: `exact` — an invoice number token equal to the criterion;
 * `range` — the criterion lies strictly inside a written range; `substring` — a keyword, or an
 * invoice_no value that is not all digits after normalisation, found as a normalised substring.
 */
export type MatchVia = "exact" | "range" | "substring";

export interface Hit {
  criterionId: string;
  termKind: TermKind;
  via: MatchVia;
  /** UTF-16 offset in the original text, inclusive. */
  start: number;
  /** UTF-16 offset in the original text, exclusive. */
  end: number;
  /** `text.slice(start, end)`: the number, the whole range, or the keyword as written. */
  matched: string;
}

/** One distinct normalised value; several criteria may share it. */
export interface Pattern {
  value: string;
  /** True: digit invoice number, subject to token boundaries and ranges. */
  numeric: boolean;
  criteria: { id: string; kind: TermKind }[];
}

export interface CompiledMatcher {
  readonly patterns: readonly Pattern[];
  /** Criteria whose value is empty after normalisation (only whitespace); they never hit. */
  readonly ignored: readonly string[];
  /** Finds every hit in one pass; hits sorted by start, then end. */
  scan(text: string): Hit[];
}

export interface CompiledTables {
  automaton: Automaton;
  patterns: readonly Pattern[];
  /** lengthHasNumeric[n] === 1 when some numeric pattern has length n. */
  numericLengths: Uint8Array;
  /** Numeric pattern indices by length, for range checks. */
  numericByLength: Map<number, number[]>;
  /** Some criterion id occurs in more than one pattern, so identical spans must be merged. */
  needsDedupe: boolean;
}

/** Compiles up to a few hundred criteria into a matcher reusable across texts. */
export function compileCriteria(criteria: readonly Criterion[]): CompiledMatcher {
  const byKey = new Map<string, Pattern>();
  const ignored: string[] = [];
  for (const c of criteria) {
    const value = normalizeValue(c.value);
    if (value.length === 0) { ignored.push(c.id); continue; }
    const numeric = c.kind === "invoice_no" && isDigitString(value);
    const key = (numeric ? "n:" : "s:") + value;
    let p = byKey.get(key);
    if (!p) byKey.set(key, (p = { value, numeric, criteria: [] }));
    if (!p.criteria.some((x) => x.id === c.id && x.kind === c.kind)) p.criteria.push({ id: c.id, kind: c.kind });
  }
  const patterns = [...byKey.values()];
  const automaton = buildAutomaton(patterns.map((p) => p.value), patterns.map((p) => !p.numeric));
  const maxLen = patterns.reduce((m, p) => Math.max(m, p.value.length), 0);
  const numericLengths = new Uint8Array(maxLen + 1);
  const numericByLength = new Map<number, number[]>();
  patterns.forEach((p, i) => {
    if (!p.numeric) return;
    numericLengths[p.value.length] = 1;
    numericByLength.set(p.value.length, [...(numericByLength.get(p.value.length) ?? []), i]);
  });
  const seen = new Set<string>();
  let needsDedupe = false;
  for (const p of patterns) for (const c of p.criteria) {
    if (seen.has(c.id)) needsDedupe = true;
    seen.add(c.id);
  }
  const tables: CompiledTables = { automaton, patterns, numericLengths, numericByLength, needsDedupe };
  return { patterns, ignored, scan: (text) => scanText(tables, text) };
}
