/**
 * @module The single pass over a text: one automaton for keywords and invoice numbers alike.
 *
 * The loop is the automaton alone: per code unit a class read, a transition read and a sign test
 * (./automaton.ts); whitespace stays in place through its own row. A negative entry means look
 * (./look.ts): patterns end here, or a range separator follows a digit.
 *
 * The kernel (./kernel.ts, WebAssembly) steps through the text: the loop without JavaScript's bounds
 * checks. It records the flagged transitions of a block and goes on; the looks follow, block by block,
 * in the order the units stand. It is made once per compiled matcher, when the matcher has read enough
 * text to repay it (KERNEL_AFTER). Before that, and for automata too large to be all dense (which the
 * kernel does not know) and runtimes without a Buffer to fill its blocks, the text is stepped through
 * here in JavaScript, a block at a time from a typed array (./units.ts): the same steps, the same looks.
 *
 * Each step depends on the one before (the next row offset is the value just read), so one chain
 * waits on memory at every unit. A long text is therefore read as four quarters interleaved in one
 * loop, four independent chains the processor overlaps (issue 40). Each but the first starts exact:
 * the automaton's state is the longest suffix of the text read so far that is a prefix of some
 * pattern, so reading the `longest` non-whitespace units before its quarter from the root reaches the
 * very state a single pass would be in. Each chain reports only its own quarter, into its own list,
 * and the lists are joined in text order, so the hits come out as a single pass would find them.
 */
import { CLS_SKIP, ROOT, sparseStep } from "./automaton";
import { collectHits } from "./hits";
import { newKernel, type Kernel } from "./kernel";
import { labelledRanges } from "./labelled-ranges";
import { look, newLook, type Look } from "./look";
import type { CompiledTables, Hit } from "./types";
import { BLOCK, fillsNatively, newUnitBlock } from "./units";

/** From this length four chains read the text: below it, the other chains' warm-up would not pay. */
export const TWO_CHAINS_FROM = 4096;

/**
 * The kernel is made once a compiled matcher's scans have read this many units (the text at hand
 * included). Making it (its memory, the table copied) costs about 0.5 ms, which the kernel wins back
 * over some 350,000 units; a matcher made for one short text (the account's memory of a value,
 * services/account-memory.ts) keeps the JavaScript loop, a check's (one per slice of registrations)
 * reaches the kernel within its first documents.
 */
export const KERNEL_AFTER = 1 << 16;

/** Per compiled matcher: the units its scans have read, and its kernel once made. */
interface KernelUse {
  units: number;
  kernel: Kernel | undefined;
}
const kernelUses = new WeakMap<CompiledTables, KernelUse>();

export function scanText(t: CompiledTables, text: string): Hit[] {
  if (t.patterns.length === 0) return [];
  const a = t.automaton;
  const first = newLook(t, text);
  const chains = [first];
  const kernel = kernelFor(t, text.length);
  if (!kernel) runChain(first, ROOT, 0, text.length);
  else {
    if (text.length < TWO_CHAINS_FROM) runKernelChain(kernel, first, ROOT, 0, text.length);
    else {
      chains.push(newLook(t, text), newLook(t, text), newLook(t, text));
      // The last chain goes on over the last units when the length is no multiple of four.
      runKernelChain(kernel, chains[3] as Look, runFourChains(kernel, chains), 4 * (text.length >> 2), text.length);
    }
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
 * The matcher's kernel for a text of `length` units, or none: automata with sparse states and runtimes
 * without a Buffer have none, and no matcher before its scans have read KERNEL_AFTER units.
 */
function kernelFor(t: CompiledTables, length: number): Kernel | undefined {
  const a = t.automaton;
  if (!fillsNatively || a.denseCount < a.stateCount) return undefined;
  let use = kernelUses.get(t);
  if (!use) kernelUses.set(t, (use = { units: 0, kernel: undefined }));
  use.units += length;
  if (!use.kernel && use.units >= KERNEL_AFTER) use.kernel = newKernel(a);
  return use.kernel;
}

/**
 * Steps from encoded state r over [from, to), looking at every flagged transition; returns the
 * state reached. The text is read a block at a time (./units.ts).
 */
function runChain(chain: Look, r: number, from: number, to: number): number {
  const block = newUnitBlock(fillsNatively, Math.min(BLOCK, to - from));
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

/** The kernel's one chain from encoded state r over [from, to); returns the state reached. */
function runKernelChain(kernel: Kernel, chain: Look, r: number, from: number, to: number): number {
  const { states, events } = kernel;
  states[0] = r * 4;
  for (let base = from; base < to; base += BLOCK) {
    const n = Math.min(BLOCK, to - base);
    kernel.fill(0, chain.text, base, base + n);
    const count = kernel.run1(n);
    for (let e = 0; e < count; e++) lookAt(chain, events[2 * e + 1] as number, base + (events[2 * e] as number));
  }
  return (states[0] as number) >> 2;
}

/**
 * Four chains over the quarters of the text, one step of each per iteration; returns the last chain's
 * state. Each quarter is read a block at a time, the four blocks side by side.
 */
function runFourChains(kernel: Kernel, chains: readonly Look[]): number {
  const t = (chains[0] as Look).t;
  const text = (chains[0] as Look).text;
  const quarter = text.length >> 2;
  const { states, events } = kernel;
  states[0] = ROOT * 4;
  for (let q = 1; q < 4; q++) states[q] = settle(t, text, warmUpStart(t.automaton.classOf, text, q * quarter, t.longest), q * quarter) * 4;
  for (let base = 0; base < quarter; base += BLOCK) {
    const n = Math.min(BLOCK, quarter - base);
    for (let q = 0; q < 4; q++) kernel.fill(q, text, q * quarter + base, q * quarter + base + n);
    const count = kernel.run4(n);
    // Position: chain × BLOCK + index in the block (BLOCK is a power of two).
    for (let e = 0; e < count; e++) {
      const at = events[2 * e] as number;
      const q = Math.floor(at / BLOCK);
      lookAt(chains[q] as Look, events[2 * e + 1] as number, q * quarter + base + (at % BLOCK));
    }
  }
  return (states[3] as number) >> 2;
}

/** A flagged transition the kernel recorded (its entry, byte-encoded) at unit i. */
function lookAt(chain: Look, entry: number, i: number): void {
  look(chain, ~entry >> 2, chain.t.automaton.classOf[chain.text.charCodeAt(i)] as number, i);
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
