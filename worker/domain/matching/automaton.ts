/**
 * @module Aho-Corasick automaton over folded code units (Aho & Corasick, CACM 18(6), 1975), for
 * keywords and invoice numbers alike.
 *
 * Characters are mapped to a small alphabet of classes through a 64K table built from the fold
 * table, so the scanner does two array reads per code unit: class, then transition. Both live in
 * ONE Int32Array (classes first, transition rows from ROWS on): compiled code checks an array's
 * kind and reloads its length and base at every access in a loop that may call out, and one array
 * halves that work in the scanner's loop.
 * States are numbered breadth-first; the first `denseCount` states get a full transition row
 * (a DFA), deeper states fall back to sparse children plus failure links. With realistic
 * criteria every state is dense; the fallback only bounds memory for 100 × 200-character
 * keywords over a large alphabet.
 *
 * The scanner keeps its state ENCODED, which takes the multiplication and the output lookup off
 * the chain of dependent reads: a dense state is its row's offset in the table (ROWS + state ×
 * alphabet), a sparse one is `denseLimit + (state − denseCount)`, and a transition entry is stored bitwise-negated (< 0)
 * when the scanner must look: its target ends a pattern, or (with `flagSeparators`) the
 * character is a range separator read right after a digit or an ordinal's "号" (whitespace aside), where
 * a range of invoice numbers may begin. That needs no extra state: the last character read is the label
 * of the trie edge into the current state once every digit and "号" has an edge from the root, which
 * `flagSeparators` adds; a "至" in running text is then no event at all. One sign test per
 * character covers both, so every step, on digits as on text, is a class read, a transition read
 * and a branch that is almost never taken. No branch depends on the kind of character read: on
 * text that alternates between CJK and digits every few units it would be mispredicted often.
 * Whitespace rows point back at their own state: the automaton skips it without a test.
 */
import { foldTable, SKIP } from "./fold";

/** Class of whitespace, which the automaton skips (its transition stays in the same state). */
export const CLS_SKIP = 0;
/** Classes 1..10 are the digits "0".."9"; the scanner relies on this layout. */
export const CLS_DIGIT0 = 1;
/**
 * Classes 11..16 are the range separators "-", "~", "至", "到" (after folding: also "—", "～", "〜"), and
 * "一" and "ー", which typists and OCR put for a dash between two numbers (a range needs a token of the
 * same length on each side, ./look.ts, so "第一" or "一批" in running text is never one).
 */
export const CLS_SEP_FIRST = 11;
export const CLS_SEP_LAST = 16;
/** Classes 17..18 are the marks of an abbreviated list, "/" and "、" ("07573825/26/27", ./look.ts). */
export const CLS_LIST_FIRST = 17;
export const CLS_LIST_LAST = 18;
/**
 * Class 19 is "号", which closes a number written as an ordinal ("第12345601号至第12345609号"): a range
 * separator after it is read like one right after a digit (./look.ts).
 */
export const CLS_ORDINAL_END = 19;
/**
 * Classes 20..21 are "起" and "开", with which every range whose ends stand on labels of their own begins
 * or turns ("起始号码：A …", "A 起 B 止": ./labelled-ranges.ts): a transition on them is flagged when some
 * criterion is a number, so the scan marks where such a range may stand and the pattern for them is tried
 * only there, not at every unit of the text.
 */
export const CLS_LABEL_FIRST = 20;
export const CLS_LABEL_LAST = 21;
/** Class of every character that occurs in no pattern; classes above it are pattern characters. */
export const CLS_OTHER = 22;
const FIXED = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-", "~", "至", "到", "一", "ー", "/", "、", "号", "起", "开"];

/** Transition-table entries allowed for the dense part (4 bytes each). */
const DENSE_BUDGET = 1 << 21;

/** Where the transition rows begin in `table`, after the class of every code unit. */
export const ROWS = 65536;

export interface Automaton {
  /**
   * table[unit] is the class of an original code unit (CLS_SKIP for whitespace, CLS_OTHER for a
   * unit in no pattern); table[encodedState + class] is a transition entry, negated to flag it.
   */
  table: Int32Array;
  /** The class part of `table` (a view of it), for code that reads classes only. */
  classOf: Int32Array;
  alphabet: number;
  stateCount: number;
  denseCount: number;
  /** ROWS + denseCount × alphabet: encoded states at or above it are sparse. */
  denseLimit: number;
  fail: Uint16Array;
  childStart: Uint32Array;
  childCls: Uint16Array;
  childTo: Uint16Array;
  /** Patterns ending exactly at a state: own[ownStart[s] .. ownStart[s + 1]). */
  ownStart: Uint32Array;
  own: Uint16Array;
  /** Nearest proper suffix state with own patterns, or -1. */
  dictLink: Int32Array;
  /** 1 when the state or one of its dictionary suffixes ends a pattern. */
  reports: Uint8Array;
  /** Transitions on range-separator classes out of states entered on a digit are flagged. */
  flagSeparators: boolean;
  /** 1 when the state's trie edge is a digit or "号": the last unit read (whitespace aside) may end a range's first number. */
  afterNumber: Uint8Array;
}

/**
 * Builds the automaton over normalised patterns; `flagSeparators` flags every transition on a
 * range separator after a digit (the scanner then looks for a range of invoice numbers there).
 */
export function buildAutomaton(patterns: readonly string[], flagSeparators = false): Automaton {
  const fold = foldTable();
  const classes = new Map<number, number>(FIXED.map((ch, i) => [ch.charCodeAt(0), i + CLS_DIGIT0]));
  for (const p of patterns) for (let i = 0; i < p.length; i++) if (!classes.has(p.charCodeAt(i))) classes.set(p.charCodeAt(i), classes.size + 2);
  const alphabet = classes.size + 2;
  const classOfFolded = new Uint16Array(65536).fill(CLS_OTHER);
  for (const [unit, cls] of classes) classOfFolded[unit] = cls;
  classOfFolded[SKIP] = CLS_SKIP;
  const classOf = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) classOf[c] = classOfFolded[fold[c] as number] as number;

  // Trie with build-time ids, then breadth-first renumbering.
  const kids: Map<number, number>[] = [new Map()];
  const ends: number[][] = [[]];
  const child = (s: number, cls: number): number => {
    let next = kids[s]?.get(cls);
    if (next === undefined) {
      next = kids.length;
      kids.push(new Map());
      ends.push([]);
      kids[s]?.set(cls, next);
    }
    return next;
  };
  patterns.forEach((p, index) => {
    let s = 0;
    for (let i = 0; i < p.length; i++) s = child(s, classes.get(p.charCodeAt(i)) as number);
    ends[s]?.push(index);
  });
  // Every digit and "号" leaves the root, so every state entered on one is labelled by it.
  if (flagSeparators) for (const cls of [...DIGIT_CLASSES, CLS_ORDINAL_END]) child(0, cls);
  const stateCount = kids.length;
  if (stateCount > 0xffff) throw new RangeError("too many automaton states");
  const order = [0];
  for (let k = 0; k < order.length; k++) for (const child of (kids[order[k] as number] as Map<number, number>).values()) order.push(child);
  const idOf = new Uint32Array(stateCount);
  order.forEach((old, id) => {
    idOf[old] = id;
  });

  const childStart = new Uint32Array(stateCount + 1);
  const childCls = new Uint16Array(Math.max(0, stateCount - 1));
  const childTo = new Uint16Array(Math.max(0, stateCount - 1));
  const ownStart = new Uint32Array(stateCount + 1);
  const own = new Uint16Array(patterns.length);
  let c = 0;
  let o = 0;
  order.forEach((old, id) => {
    childStart[id] = c;
    for (const [cls, child] of kids[old] as Map<number, number>) {
      childCls[c] = cls;
      childTo[c++] = idOf[child] as number;
    }
    ownStart[id] = o;
    for (const p of ends[old] as number[]) own[o++] = p;
  });
  childStart[stateCount] = c;
  ownStart[stateCount] = o;

  const fail = new Uint16Array(stateCount);
  const dictLink = new Int32Array(stateCount).fill(-1);
  const reports = new Uint8Array(stateCount);
  const afterNumber = new Uint8Array(stateCount);
  for (let k = 0; k < childTo.length; k++) afterNumber[childTo[k] as number] = endsNumber(childCls[k] as number) ? 1 : 0;
  const step = (s: number, cls: number): number => {
    for (;;) {
      for (let k = childStart[s] as number; k < (childStart[s + 1] as number); k++) if (childCls[k] === cls) return childTo[k] as number;
      if (s === 0) return 0;
      s = fail[s] as number;
    }
  };
  for (let s = 0; s < stateCount; s++) {
    for (let k = childStart[s] as number; k < (childStart[s + 1] as number); k++) {
      const child = childTo[k] as number;
      const f = s === 0 ? 0 : step(fail[s] as number, childCls[k] as number);
      fail[child] = f;
      dictLink[child] = (ownStart[f + 1] as number) > (ownStart[f] as number) ? f : (dictLink[f] as number);
    }
    reports[s] = dictLink[s] !== -1 || (ownStart[s + 1] as number) > (ownStart[s] as number) ? 1 : 0;
  }

  const denseCount = Math.max(1, Math.min(stateCount, Math.floor(DENSE_BUDGET / alphabet)));
  const rows = denseCount * alphabet;
  const target = new Uint16Array(rows);
  for (let s = 0; s < denseCount; s++) {
    const row = s * alphabet;
    if (s !== 0) target.set(target.subarray((fail[s] as number) * alphabet, (fail[s] as number) * alphabet + alphabet), row);
    for (let k = childStart[s] as number; k < (childStart[s + 1] as number); k++) target[row + (childCls[k] as number)] = childTo[k] as number;
  }
  const table = new Int32Array(ROWS + rows);
  table.set(classOf);
  const a: Automaton = {
    table,
    classOf: table.subarray(0, ROWS),
    alphabet,
    stateCount,
    denseCount,
    denseLimit: ROWS + rows,
    fail,
    childStart,
    childCls,
    childTo,
    ownStart,
    own,
    dictLink,
    reports,
    flagSeparators,
    afterNumber,
  };
  for (let k = 0; k < rows; k++) table[ROWS + k] = transitionTo(a, Math.floor(k / alphabet), target[k] as number, k % alphabet);
  for (let s = 0; s < denseCount; s++) table[ROWS + s * alphabet + CLS_SKIP] = encodeState(a, s);
  return a;
}

/** The encoded form of state s (see the module comment), without the reporting flag. */
export function encodeState(a: Automaton, s: number): number {
  return s < a.denseCount ? ROWS + s * a.alphabet : a.denseLimit + (s - a.denseCount);
}

/** The state id of an encoded state. */
export function decodeState(a: Automaton, code: number): number {
  return code < a.denseLimit ? (code - ROWS) / a.alphabet : a.denseCount + (code - a.denseLimit);
}

/** The encoded root, where every scan starts. */
export const ROOT = ROWS;

/** The digit classes. */
const DIGIT_CLASSES = Array.from({ length: 10 }, (_, d) => CLS_DIGIT0 + d);

/** A digit, or the "号" closing an ordinal: what a range's first number ends with. */
function endsNumber(cls: number): boolean {
  return (cls >= CLS_DIGIT0 && cls < CLS_DIGIT0 + 10) || cls === CLS_ORDINAL_END;
}

/** The entry of a transition from state `from` on `cls` to state `to`: encoded, negated when flagged. */
function transitionTo(a: Automaton, from: number, to: number, cls: number): number {
  const flagged =
    a.reports[to] === 1 ||
    (a.flagSeparators &&
      ((cls >= CLS_SEP_FIRST && cls <= CLS_LIST_LAST && a.afterNumber[from] === 1) || (cls >= CLS_LABEL_FIRST && cls <= CLS_LABEL_LAST)));
  return flagged ? ~encodeState(a, to) : encodeState(a, to);
}

/** Transition from an encoded sparse state (sparse children, then failure links), as an entry. */
export function sparseStep(a: Automaton, code: number, cls: number): number {
  if (cls === CLS_SKIP) return code;
  const from = decodeState(a, code);
  for (let s = from; ; s = a.fail[s] as number) {
    if (s < a.denseCount) {
      const entry = a.table[ROWS + s * a.alphabet + cls] as number;
      return transitionTo(a, from, decodeState(a, entry < 0 ? ~entry : entry), cls);
    }
    for (let k = a.childStart[s] as number; k < (a.childStart[s + 1] as number); k++)
      if (a.childCls[k] === cls) return transitionTo(a, from, a.childTo[k] as number, cls);
  }
}
