/**
 * @module The single pass over a text: one automaton for keywords and invoice numbers alike.
 *
 * The loop is the automaton alone: per code unit a class read, a transition read and a sign test
 * (./automaton.ts); whitespace stays in place through its own row. A negative entry means look
 * (./look.ts): patterns end here, or a range separator follows a digit.
 *
 * Each step depends on the one before (the next row offset is the value just read), so one chain
 * waits on memory at every unit. A long text is therefore read as four quarters interleaved in one
 * loop, four independent chains the processor overlaps (with two, the loop still waited on the
 * chains' reads; issue 40). Each but the first starts exact: the automaton's state is the longest
 * suffix of the text read so far that is a prefix of some pattern, so reading the `longest`
 * non-whitespace units before its quarter from the root reaches the very state a single pass would
 * be in. Each chain reports only its own quarter, into its own list, and the lists are joined in text
 * order, so the hits come out as a single pass would find them.
 *
 * The text is read a block at a time from a typed array (./units.ts), never through `charCodeAt` in
 * the loop: the units of a block are copied natively, and a typed array's read is a bounds check and
 * a load where `charCodeAt` checks the kind of string again at every unit.
 */
import { CLS_SKIP, ROOT, sparseStep } from "./automaton";
import { collectHits } from "./hits";
import { labelledRanges } from "./labelled-ranges";
import { look, newLook, type Look } from "./look";
import type { CompiledTables, Hit } from "./types";
import { BLOCK, newUnitBlock, type UnitBlock } from "./units";

/** Below this length one chain reads the text: the other chains' warm-up would not pay. */
export const TWO_CHAINS_FROM = 4096;

export function scanText(t: CompiledTables, text: string): Hit[] {
  if (t.patterns.length === 0) return [];
  const a = t.automaton;
  const first = newLook(t, text);
  const chains = [first];
  if (a.denseCount < a.stateCount || text.length < TWO_CHAINS_FROM) runChain(first, ROOT, 0, text.length);
  else {
    chains.push(newLook(t, text), newLook(t, text), newLook(t, text));
    // The last chain goes on over the last units when the length is no multiple of four.
    runChain(chains[3] as Look, runFourChains(chains), 4 * (text.length >> 2), text.length);
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
 * Four chains over the quarters of the text, one step of each per iteration (dense automata only);
 * returns the last chain's state. Each quarter is read a block at a time, the four blocks side by side.
 */
function runFourChains(chains: readonly Look[]): number {
  const [c0, c1, c2, c3] = chains as [Look, Look, Look, Look];
  const { automaton: a, longest } = c0.t;
  const text = c0.text;
  const quarter = text.length >> 2;
  const blocks = [newUnitBlock(), newUnitBlock(), newUnitBlock(), newUnitBlock()] as const;
  const states = new Int32Array(4);
  states[0] = ROOT;
  for (let q = 1; q < 4; q++) states[q] = settle(c0.t, text, warmUpStart(a.classOf, text, q * quarter, longest), q * quarter);
  for (let base = 0; base < quarter; base += BLOCK) {
    const n = Math.min(BLOCK, quarter - base);
    for (let q = 0; q < 4; q++) (blocks[q] as UnitBlock).fill(text, q * quarter + base, q * quarter + base + n);
    runFourBlocks(c0, c1, c2, c3, blocks[0].units, blocks[1].units, blocks[2].units, blocks[3].units, states, base, n);
  }
  return states[3] as number;
}

/**
 * One block of each quarter: `u<q>[k]` is unit q × quarter + base + k; the chains' states come in
 * and go out through `states`. Nothing follows the loop: code after it has no type feedback when the
 * loop is compiled on its first run (on-stack), and deoptimised it at every scan's end.
 */
function runFourBlocks(
  c0: Look,
  c1: Look,
  c2: Look,
  c3: Look,
  u0: Uint16Array,
  u1: Uint16Array,
  u2: Uint16Array,
  u3: Uint16Array,
  states: Int32Array,
  base: number,
  n: number,
): void {
  const { table } = c0.t.automaton;
  const quarter = c0.text.length >> 2;
  let r0 = states[0] as number;
  let r1 = states[1] as number;
  let r2 = states[2] as number;
  let r3 = states[3] as number;
  let k = 0;
  for (;;) {
    let e0 = 0;
    let e1 = 0;
    let e2 = 0;
    let e3 = 0;
    for (; k < n; k++) {
      e0 = table[(r0 + (table[u0[k] as number] as number)) | 0] as number;
      e1 = table[(r1 + (table[u1[k] as number] as number)) | 0] as number;
      e2 = table[(r2 + (table[u2[k] as number] as number)) | 0] as number;
      e3 = table[(r3 + (table[u3[k] as number] as number)) | 0] as number;
      if ((e0 | e1 | e2 | e3) < 0) break;
      r0 = e0;
      r1 = e1;
      r2 = e2;
      r3 = e3;
    }
    if (k >= n) {
      states[0] = r0;
      states[1] = r1;
      states[2] = r2;
      states[3] = r3;
      return;
    }
    r0 = e0 < 0 ? ~e0 : e0;
    r1 = e1 < 0 ? ~e1 : e1;
    r2 = e2 < 0 ? ~e2 : e2;
    r3 = e3 < 0 ? ~e3 : e3;
    if (e0 < 0) look(c0, r0, table[u0[k] as number] as number, base + k);
    if (e1 < 0) look(c1, r1, table[u1[k] as number] as number, quarter + base + k);
    if (e2 < 0) look(c2, r2, table[u2[k] as number] as number, 2 * quarter + base + k);
    if (e3 < 0) look(c3, r3, table[u3[k] as number] as number, 3 * quarter + base + k);
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
