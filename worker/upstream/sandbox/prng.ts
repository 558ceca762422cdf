/**
 * @module Seeded randomness for the sandbox registry. Everything the sandbox generates is a pure function
 * of (subject name, registration index, purpose), so that registration i can be rebuilt alone, in O(1),
 * on every call, in any isolate, and is the same on every run.
 */

/** 32-bit FNV-1a over UTF-16 code units: stable, fast, good enough to seed a PRNG. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small PRNG (mulberry32) with the picking helpers the generator needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A stream seeded from several keys, e.g. `Rng.of(subject, "reg", index)`. */
  static of(...keys: (string | number)[]): Rng {
    return new Rng(hash32(keys.join("\u0001")));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /**
   * Fisher-Yates, in place. (Never `sort(() => rng.next() - 0.5)`: V8 compares in a different order once
   * the code is optimised, so the result changed after a few calls.)
   */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }

  /** `n` decimal digits, leading zeros allowed. */
  digits(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String(this.int(0, 9));
    return out;
  }
}
