/**
 * @module The single pass over a text: one automaton for keywords and invoice numbers alike.
 *
 * The loop is the automaton alone: per code unit a class read, a transition read and a sign test
 * (./automaton.ts); whitespace stays in place through its own row. A negative entry means look
 * (./look.ts): patterns end here, or a range separator follows a digit.
 *
 * Each step depends on the one before (the next row offset is the value just read), so one chain
 * waits on memory at every unit. A long text is therefore read as two halves interleaved in one
 * loop, two independent chains the processor overlaps. The second starts exact: the automaton's
 * state is the longest suffix of the text read so far that is a prefix of some pattern, so
 * reading the `longest` non-whitespace units before the half from the root reaches the very state
 * a single pass would be in. Each chain reports only its own half, into its own list, and the lists
 * are joined in text order, so the hits come out as a single pass would find them.
 */
import { CLS_SKIP, ROOT, sparseStep } from "./automaton";
import { collectHits } from "./hits";
import { labelledRanges } from "./labelled-ranges";
import { look, newLook, type Look } from "./look";
import type { CompiledTables, Hit } from "./types";

/** Below this length one chain reads the text: the second chain's warm-up would not pay. */
export const TWO_CHAINS_FROM = 4096;

export function scanText(t: CompiledTables, text: string): Hit[] {
  if (t.patterns.length === 0) return [];
  const a = t.automaton;
  const first = newLook(t, text);
  // Ranges whose ends stand on labels of their own (./labelled-ranges.ts), when some criterion is a number.
  const labelled = t.numbers.lengths.length > 1 ? [labelledRanges(t.numbers, text)] : [];
  if (a.denseCount < a.stateCount || text.length < TWO_CHAINS_FROM) {
    runChain(first, ROOT, 0, text.length);
    return collectHits(t, text, [first.log, ...labelled]);
  }
  const second = newLook(t, text);
  // The second chain goes on over the last unit when the length is odd.
  runChain(second, runTwoChains(first, second), 2 * (text.length >> 1), text.length);
  return collectHits(t, text, [first.log, second.log, ...labelled]);
}

/**
 * Steps from encoded state r over [from, to), looking at every flagged transition; returns the
 * state reached. The inner loops call nothing (sparseStep aside, for automata too large to be
 * dense), so the compiler keeps the tables' and the string's internals in registers across them;
 * with a call inside, however rare, it reloads them at every unit.
 */
function runChain(chain: Look, r: number, from: number, to: number): number {
  const a = chain.t.automaton;
  const { table, denseLimit } = a;
  const text = chain.text;
  const dense = a.denseCount === a.stateCount;
  let i = from;
  for (;;) {
    let entry = 0;
    if (dense) {
      for (; i < to; i++) {
        entry = table[(r + (table[text.charCodeAt(i)] as number)) | 0] as number;
        if (entry < 0) break;
        r = entry;
      }
    } else {
      for (; i < to; i++) {
        const cls = table[text.charCodeAt(i)] as number;
        entry = r < denseLimit ? (table[(r + cls) | 0] as number) : sparseStep(a, r, cls);
        if (entry < 0) break;
        r = entry;
      }
    }
    if (i >= to) return r;
    r = ~entry;
    look(chain, r, table[text.charCodeAt(i)] as number, i);
    i++;
  }
}

/**
 * Two chains over the halves of the text, one step of each per iteration (dense automata only);
 * returns the second chain's state. Nothing follows the loop: code after it has no type feedback
 * when the loop is compiled on its first run (on-stack), and deoptimised it at every scan's end.
 */
function runTwoChains(first: Look, second: Look): number {
  const { automaton: a, longest } = first.t;
  const { table } = a;
  const text = first.text;
  const half = text.length >> 1;
  let ra = ROOT;
  let rb = settle(first.t, text, warmUpStart(a.classOf, text, half, longest), half);
  let i = 0;
  for (;;) {
    let ea = 0;
    let eb = 0;
    for (; i < half; i++) {
      ea = table[(ra + (table[text.charCodeAt(i)] as number)) | 0] as number;
      eb = table[(rb + (table[text.charCodeAt(half + i)] as number)) | 0] as number;
      if ((ea | eb) < 0) break;
      ra = ea;
      rb = eb;
    }
    if (i >= half) return rb;
    ra = ea < 0 ? ~ea : ea;
    rb = eb < 0 ? ~eb : eb;
    if (ea < 0) look(first, ra, table[text.charCodeAt(i)] as number, i);
    if (eb < 0) look(second, rb, table[text.charCodeAt(half + i)] as number, half + i);
    i++;
  }
}

/** Where `units` non-whitespace units before `end` begin (0 when there are fewer). */
function warmUpStart(classOf: Int32Array, text: string, end: number, units: number): number {
  let k = end;
  for (let n = 0; k > 0 && n < units;) if (classOf[text.charCodeAt(--k)] !== CLS_SKIP) n++;
  return k;
}

/** The state reached from the root over [from, to), reporting nothing. */
function settle(t: CompiledTables, text: string, from: number, to: number): number {
  const { table } = t.automaton;
  let r = ROOT;
  for (let i = from; i < to; i++) {
    const entry = table[(r + (table[text.charCodeAt(i)] as number)) | 0] as number;
    r = entry < 0 ? ~entry : entry;
  }
  return r;
}
