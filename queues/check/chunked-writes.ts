/**
 * @module A slice's decisions on their way to D1 in bounded chunks. Held until the slice's end, a
 * slice's decisions were all in memory at once, with every hit's evidence three times over (the
 * drafts, their stored JSON bodies, the insert statements): with many hits per registration that
 * grows with the slice, whatever its texts weigh. Written as they come, a chunk at a time, at most
 * `registrations` decisions or about `evidence` evidence rows wait, and one chunk is being written
 * while the next is matched (its writes overlap the matching, as the reads ahead do).
 */

export interface ChunkBounds {
  /** Decisions a chunk holds at most. */
  registrations: number;
  /** Evidence rows after which a chunk is written (the last decision added may carry it past). */
  evidence: number;
}

/**
 * Evidence rows after which a check's chunk is written, whatever its registrations (their number is
 * CHECK_CHUNK, worker/config.ts): small enough to bound a slice's memory, large enough that D1's batches
 * stay full.
 */
export const CHUNK_EVIDENCE = 1_000;

export interface ChunkedWrites<T> {
  /** Adds a decision; resolves once it is held (waiting, when a chunk is due, for the previous one's write). */
  add(item: T): Promise<void>;
  /** Writes what is held and waits for every write. */
  drain(): Promise<void>;
}

/**
 * Hands `write` the items in order, in chunks within `bounds` (`weigh`: an item's evidence rows), with at
 * most one write in flight. A failed write throws from the next `add` or from `drain`.
 */
export function chunkedWrites<T>(write: (chunk: T[]) => Promise<void>, weigh: (item: T) => number, bounds: ChunkBounds): ChunkedWrites<T> {
  let held: T[] = [];
  let weight = 0;
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing;
    if (held.length === 0) return;
    const chunk = held;
    held = [];
    weight = 0;
    writing = write(chunk);
    // Awaited at the next flush or the drain; until then a failure must not count as unhandled.
    writing.catch(() => undefined);
  };
  return {
    async add(item) {
      held.push(item);
      weight += weigh(item);
      if (held.length >= bounds.registrations || weight >= bounds.evidence) await flush();
    },
    async drain() {
      await flush();
      await writing;
    },
  };
}
