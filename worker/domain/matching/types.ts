/**
 * @module The matcher's shapes, shared by compile.ts (which builds the tables) and scan.ts (which
 * reads them); kept apart so neither imports the other's types.
 */
import type { TERM_KINDS } from "../../schemas/check-vocabulary";
import type { Automaton } from "./automaton";
import type { NumberTable } from "./numbers";

/** The contract's kinds of criterion (worker/schemas/check-vocabulary.ts), the one list. */
export type TermKind = (typeof TERM_KINDS)[number];

/** A criterion as the matcher reads it: what the contract takes and the data layer stores, by id (a criteria row is one). */
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
export type MatchVia = "exact" | "range" | "substring" | "list";

export interface Hit {
  criterionId: string;
  termKind: TermKind;
  via: MatchVia;
  /** UTF-16 offset in the original text, inclusive. */
  start: number;
  /** UTF-16 offset in the original text, exclusive. */
  end: number;
  /**
   * `text.slice(start, end)`: the number, the whole range, or the keyword as written. Sliced when read
   * (a getter, ./hits.ts), so it is no own property: a copy of a hit (`{ ...hit }`) must name it.
   */
  readonly matched: string;
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
  /** Every pattern, numbered as in `patterns`; numeric ones hit only as whole tokens. */
  automaton: Automaton;
  /** The numeric patterns by length and value, for ranges. */
  numbers: NumberTable;
  patterns: readonly Pattern[];
  /** Some criterion id occurs in more than one pattern, so identical spans must be merged. */
  needsDedupe: boolean;
  /** Length of the longest pattern (normalised units): the automaton's memory of the text. */
  longest: number;
}
