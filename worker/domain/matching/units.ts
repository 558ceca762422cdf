/**
 * @module A text's UTF-16 code units copied, a block at a time, into a typed array the scanner reads.
 *
 * `text.charCodeAt(i)` in a loop is what the compiled scanner spends most of its time on: every call
 * checks again what kind of string it reads (flat or not, one or two bytes per unit), since the check
 * cannot be lifted out of a loop that may call out. A read from a Uint16Array is a bounds check and a
 * load. The runtime copies a block natively (Buffer's "utf16le" write: the units as they are, lone
 * surrogates included) far faster than a loop reads it; blocks are small, so the copy stays in cache
 * and the memory stays bounded whatever the text's length. Where there is no Buffer (or the machine is
 * big-endian, so a Uint16Array would read the bytes swapped), the block is filled unit by unit: the same
 * units, at the old speed.
 */

/** Units per block: 32 KB, so that the scanner's four blocks stay inside a core's second-level cache. */
export const BLOCK = 1 << 14;

/** What the blocks use of the runtime's Buffer (Node's, workerd's with nodejs_compat). */
interface NativeBuffer extends Uint8Array {
  write(text: string, offset: number, length: number, encoding: "utf16le"): number;
}
interface BufferConstructor {
  allocUnsafe(size: number): NativeBuffer;
  from(buffer: ArrayBuffer, byteOffset: number, length: number): NativeBuffer;
}

/** The runtime's Buffer, where there is one (./kernel.ts fills its memory through it too). */
export const nativeBuffer = (globalThis as { Buffer?: BufferConstructor }).Buffer;
const littleEndian = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A block of units and how it is filled. */
export interface UnitBlock {
  units: Uint16Array;
  fill(text: string, from: number, to: number): void;
}

/** Whether blocks are filled natively here (a Buffer, a little-endian machine). */
export const fillsNatively = nativeBuffer !== undefined && littleEndian;

/**
 * A block of `size` units (BLOCK at most: a short text gets a block its size, not 32 KB a scan), filled
 * natively where the runtime can (`native`: tests fill both ways).
 */
export function newUnitBlock(native = fillsNatively, size = BLOCK): UnitBlock {
  if (native && nativeBuffer) {
    const bytes = nativeBuffer.allocUnsafe(size * 2);
    const units = new Uint16Array(bytes.buffer, bytes.byteOffset, size);
    return {
      units,
      fill: (text, from, to) => {
        bytes.write(text.slice(from, to), 0, (to - from) * 2, "utf16le");
      },
    };
  }
  const units = new Uint16Array(size);
  return {
    units,
    fill: (text, from, to) => {
      for (let i = from; i < to; i++) units[i - from] = text.charCodeAt(i);
    },
  };
}
