/**
 * @module Aho-Corasick automaton over folded code units (Aho & Corasick, CACM 18(6), 1975).
 *
 * Characters are mapped to a small alphabet of classes through one 64K table built from the
 * fold table, so the scanner does two array reads per code unit: class, then transition.
 * States are numbered breadth-first; the first `denseCount` states get a full transition row
 * (a DFA), deeper states fall back to sparse children plus failure links. With realistic
 * criteria every state is dense; the fallback only bounds memory for 100 × 200-character
 * keywords over a large alphabet.
 */
import { foldTable, SKIP } from "./fold";

/** Class of every character that occurs in no pattern. */
export const CLS_OTHER = 0;
/** Classes 1..10 are the digits "0".."9"; the scanner relies on this layout. */
export const CLS_DIGIT0 = 1;
/** Classes 11..14 are the range separators "-", "~", "至", "到" (after folding). */
export const CLS_SEP_FIRST = 11;
export const CLS_SEP_LAST = 14;
const FIXED = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-", "~", "至", "到"];

/** Transition-table entries allowed for the dense part (2 bytes each). */
const DENSE_BUDGET = 1 << 21;

export interface Automaton {
  /** Original code unit → class, or SKIP for whitespace. */
  classOf: Uint16Array;
  alphabet: number;
  stateCount: number;
  denseCount: number;
  /** Row-major transitions of the dense states: delta[state * alphabet + class]. */
  delta: Uint16Array;
  fail: Uint16Array;
  childStart: Uint32Array;
  childCls: Uint16Array;
  childTo: Uint16Array;
  /** Patterns ending exactly at a state: own[ownStart[s] .. ownStart[s + 1]). */
  ownStart: Uint32Array;
  own: Uint16Array;
  /** Nearest proper suffix state with own patterns, or -1. */
  dictLink: Int32Array;
  /** 1 when the state or one of its dictionary suffixes ends a pattern flagged `eager`. */
  eager: Uint8Array;
}

/** Builds the automaton; `eager[p]` marks patterns reported as soon as they end. */
export function buildAutomaton(patterns: readonly string[], eagerPatterns: readonly boolean[]): Automaton {
  const fold = foldTable();
  const classes = new Map<number, number>(FIXED.map((ch, i) => [ch.charCodeAt(0), i + 1]));
  for (const p of patterns) for (let i = 0; i < p.length; i++) if (!classes.has(p.charCodeAt(i))) classes.set(p.charCodeAt(i), classes.size + 1);
  const alphabet = classes.size + 1;
  const classOfFolded = new Uint16Array(65536);
  for (const [unit, cls] of classes) classOfFolded[unit] = cls;
  classOfFolded[SKIP] = SKIP;
  const classOf = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) classOf[c] = classOfFolded[fold[c] as number] as number;

  // Trie with build-time ids, then breadth-first renumbering.
  const kids: Map<number, number>[] = [new Map()];
  const ends: number[][] = [[]];
  patterns.forEach((p, index) => {
    let s = 0;
    for (let i = 0; i < p.length; i++) {
      const cls = classes.get(p.charCodeAt(i)) as number;
      let next = kids[s]?.get(cls);
      if (next === undefined) {
        next = kids.length;
        kids.push(new Map());
        ends.push([]);
        kids[s]?.set(cls, next);
      }
      s = next;
    }
    ends[s]?.push(index);
  });
  const stateCount = kids.length;
  if (stateCount > 0xffff) throw new RangeError("too many automaton states");
  const order = [0];
  for (let k = 0; k < order.length; k++) for (const child of (kids[order[k] as number] as Map<number, number>).values()) order.push(child);
  const idOf = new Uint32Array(stateCount);
  order.forEach((old, id) => { idOf[old] = id; });

  const childStart = new Uint32Array(stateCount + 1);
  const childCls = new Uint16Array(stateCount - 1);
  const childTo = new Uint16Array(stateCount - 1);
  const ownStart = new Uint32Array(stateCount + 1);
  const own = new Uint16Array(patterns.length);
  let c = 0;
  let o = 0;
  order.forEach((old, id) => {
    childStart[id] = c;
    for (const [cls, child] of kids[old] as Map<number, number>) { childCls[c] = cls; childTo[c++] = idOf[child] as number; }
    ownStart[id] = o;
    for (const p of ends[old] as number[]) own[o++] = p;
  });
  childStart[stateCount] = c;
  ownStart[stateCount] = o;

  const fail = new Uint16Array(stateCount);
  const dictLink = new Int32Array(stateCount).fill(-1);
  const eager = new Uint8Array(stateCount);
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
    let e = dictLink[s] !== -1 && eager[dictLink[s] as number] === 1;
    for (let k = ownStart[s] as number; k < (ownStart[s + 1] as number); k++) e ||= eagerPatterns[own[k] as number] === true;
    eager[s] = e ? 1 : 0;
  }

  const denseCount = Math.max(1, Math.min(stateCount, Math.floor(DENSE_BUDGET / alphabet)));
  const delta = new Uint16Array(denseCount * alphabet);
  for (let s = 0; s < denseCount; s++) {
    const row = s * alphabet;
    if (s !== 0) delta.set(delta.subarray((fail[s] as number) * alphabet, (fail[s] as number) * alphabet + alphabet), row);
    for (let k = childStart[s] as number; k < (childStart[s + 1] as number); k++) delta[row + (childCls[k] as number)] = childTo[k] as number;
  }
  return { classOf, alphabet, stateCount, denseCount, delta, fail, childStart, childCls, childTo, ownStart, own, dictLink, eager };
}

/** Transition from a state beyond the dense prefix (sparse children, then failure links). */
export function sparseStep(a: Automaton, s: number, cls: number): number {
  for (;;) {
    if (s < a.denseCount) return a.delta[s * a.alphabet + cls] as number;
    for (let k = a.childStart[s] as number; k < (a.childStart[s + 1] as number); k++) if (a.childCls[k] === cls) return a.childTo[k] as number;
    s = a.fail[s] as number;
  }
}
