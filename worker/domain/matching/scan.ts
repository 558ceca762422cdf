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
import { BLOCK, newUnitBlock } from "./units";

/** Below this length one chain reads the text: the second chain's warm-up would not pay. */
export const TWO_CHAINS_FROM = 4096;

export function scanText(t: CompiledTables, text: string): Hit[] {
  if (t.patterns.length === 0) return [];
  const a = t.automaton;
  const first = newLook(t, text);
  const chains = [first];
  if (a.denseCount < a.stateCount || text.length < TWO_CHAINS_FROM) runChain(first, ROOT, 0, text.length);
  else {
    const second = newLook(t, text);
    chains.push(second);
    // The second chain goes on over the last unit when the length is odd.
    runChain(second, runTwoChains(first, second), 2 * (text.length >> 1), text.length);
  }
  const logs = chains.map((chain) => chain.log);
  // Ranges whose ends stand on labels of their own (./labelled-ranges.ts), when some criterion is a number.
  if (t.numbers.lengths.length > 1)
    logs.push(
      labelledRanges(
        t.numbers,
        text,
        a.classOf,
        chains.flatMap((chain) => chain.labels),
      ),
    );
  return collectHits(t, text, logs);
}

/**
 * Steps from encoded state r over [from, to), looking at every flagged transition; returns the
 * state reached. The text is read a block at a time (./units.ts).
 */
function runChain(chain: Look, r: number, from: number, to: number): number {
  const block = newUnitBlock();
  for (let base = from; base < to; base += BLOCK) {
    const n = Math.min(BLOCK, to - base);
    block.fill(chain.text, base, base + n);
    r = runBlock(chain, block.units, r, base, n);
  }
  return r;
}

/**
 * One block of units: `units[k]` is the text's unit base + k. The inner loops call nothing
 * (sparseStep aside, for automata too large to be dense), so the compiler keeps the tables' and
 * the block's internals in registers across them; with a call inside, however rare, it reloads them
 * at every unit.
 */
function runBlock(chain: Look, units: Uint16Array, r: number, base: number, n: number): number {
  const a = chain.t.automaton;
  const { table, denseLimit } = a;
  const dense = a.denseCount === a.stateCount;
  let k = 0;
  for (;;) {
    let entry = 0;
    if (dense) {
      for (; k < n; k++) {
        entry = table[(r + (table[units[k] as number] as number)) | 0] as number;
        if (entry < 0) break;
        r = entry;
      }
    } else {
      for (; k < n; k++) {
        const cls = table[units[k] as number] as number;
        entry = r < denseLimit ? (table[(r + cls) | 0] as number) : sparseStep(a, r, cls);
        if (entry < 0) break;
        r = entry;
      }
    }
    if (k >= n) return r;
    r = ~entry;
    look(chain, r, table[units[k] as number] as number, base + k);
    k++;
  }
}

/**
 * Two chains over the halves of the text, one step of each per iteration (dense automata only);
 * returns the second chain's state. Each half is read a block at a time, the two blocks side by side.
 */
function runTwoChains(first: Look, second: Look): number {
  const { automaton: a, longest } = first.t;
  const text = first.text;
  const half = text.length >> 1;
  const blockA = newUnitBlock();
  const blockB = newUnitBlock();
  const states = new Int32Array(2);
  states[0] = ROOT;
  states[1] = settle(first.t, text, warmUpStart(a.classOf, text, half, longest), half);
  for (let base = 0; base < half; base += BLOCK) {
    const n = Math.min(BLOCK, half - base);
    blockA.fill(text, base, base + n);
    blockB.fill(text, half + base, half + base + n);
    runTwoBlocks(first, second, blockA.units, blockB.units, states, base, n);
  }
  return states[1] as number;
}

/**
 * One block of each half: `ua[k]` is unit base + k, `ub[k]` unit half + base + k; the chains' states
 * come in and go out through `states`. Nothing follows the loop: code after it has no type feedback
 * when the loop is compiled on its first run (on-stack), and deoptimised it at every scan's end.
 */
function runTwoBlocks(first: Look, second: Look, ua: Uint16Array, ub: Uint16Array, states: Int32Array, base: number, n: number): void {
  const { table } = first.t.automaton;
  const half = first.text.length >> 1;
  let ra = states[0] as number;
  let rb = states[1] as number;
  let k = 0;
  for (;;) {
    let ea = 0;
    let eb = 0;
    for (; k < n; k++) {
      ea = table[(ra + (table[ua[k] as number] as number)) | 0] as number;
      eb = table[(rb + (table[ub[k] as number] as number)) | 0] as number;
      if ((ea | eb) < 0) break;
      ra = ea;
      rb = eb;
    }
    if (k >= n) {
      states[0] = ra;
      states[1] = rb;
      return;
    }
    ra = ea < 0 ? ~ea : ea;
    rb = eb < 0 ? ~eb : eb;
    if (ea < 0) look(first, ra, table[ua[k] as number] as number, base + k);
    if (eb < 0) look(second, rb, table[ub[k] as number] as number, half + base + k);
    k++;
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
