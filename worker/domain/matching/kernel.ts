/**
 * @module The scan kernel (./scan-kernel.wat) for one compiled automaton: its memory, laid out as the
 * kernel reads it, and the calls ./scan.ts makes.
 *
 * Why WebAssembly: the scan's loop is two dependent table reads per code unit. Compiled from JavaScript,
 * every read also checks the array's bounds (and a typed array's kind and base are reloaded wherever the
 * compiler cannot prove them unchanged), which cost more than the reads. WebAssembly's loads are checked
 * by the memory's guard pages, so the loop is the loads, an add and a sign test.
 *
 * Memory: the table (byte-encoded, see the .wat), four blocks of units, four states and the events of one
 * call (at most one per unit of each block). One kernel per compiled matcher, made once the matcher has
 * read enough text to repay it (./scan.ts, KERNEL_AFTER) and kept with it: a check compiles its criteria
 * once a slice and scans every document with them.
 */
import { scanKernelModule } from "#scan-kernel";
import type { Automaton } from "./automaton";
import { BLOCK, nativeBuffer } from "./units";

interface KernelExports {
  run4(u: number, n: number, st: number, ev: number): number;
  run1(u: number, n: number, st: number, ev: number): number;
}

/** Bytes of the four blocks, each BLOCK units (the .wat's offsets assume 32,768 bytes apart). */
const BLOCKS_BYTES = 4 * BLOCK * 2;
/** Bytes of the events one call may write: one per unit of each block, two i32 each. */
const EVENTS_BYTES = 4 * BLOCK * 8;
const PAGE = 65536;

export interface Kernel {
  /** Four chains over blocks 0–3, `n` units each; the states in `states` (byte-encoded). Returns the events written. */
  run4(n: number): number;
  /** One chain over block 0, `n` units; its state in `states[0]`. Returns the events written. */
  run1(n: number): number;
  /** Copies text[from, to) into block q (natively: Buffer's "utf16le" write, lone surrogates as they are). */
  fill(q: number, text: string, from: number, to: number): void;
  /** The chains' states, byte-encoded (the table's encoded state × 4). */
  states: Int32Array;
  /** Events of the last call: [position, entry] pairs, position = chain × BLOCK + index in the block. */
  events: Int32Array;
}

/**
 * The kernel for an automaton whose states are all dense (the kernel knows no sparse state), where blocks
 * are filled natively (./units.ts's `fillsNatively`: a Buffer, and a little-endian machine, since the table
 * is written through an Int32Array the kernel reads as little-endian).
 */
export function newKernel(a: Automaton): Kernel {
  const tableBytes = a.table.length * 4;
  const unitsAt = align(tableBytes, 8);
  const statesAt = unitsAt + BLOCKS_BYTES;
  const eventsAt = statesAt + 16;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((eventsAt + EVENTS_BYTES) / PAGE) });
  const buffer = memory.buffer;
  // Byte-encoded: every class and every state (non-negative) times 4, flags kept as the negation.
  const table = new Int32Array(buffer, 0, a.table.length);
  for (let k = 0; k < a.table.length; k++) {
    const entry = a.table[k] as number;
    table[k] = entry < 0 ? ~(~entry * 4) : entry * 4;
  }
  const exports = new WebAssembly.Instance(scanKernelModule, { matcher: { memory } }).exports as unknown as KernelExports;
  if (!nativeBuffer) throw new Error("the scan kernel fills its blocks through Buffer (./units.ts fillsNatively)");
  const bytes = nativeBuffer.from(buffer, unitsAt, BLOCKS_BYTES);
  return {
    run4: (n) => exports.run4(unitsAt, n, statesAt, eventsAt),
    run1: (n) => exports.run1(unitsAt, n, statesAt, eventsAt),
    fill: (q, text, from, to) => {
      bytes.write(text.slice(from, to), q * BLOCK * 2, (to - from) * 2, "utf16le");
    },
    states: new Int32Array(buffer, statesAt, 4),
    events: new Int32Array(buffer, eventsAt, EVENTS_BYTES / 4),
  };
}

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}
