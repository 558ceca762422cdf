/**
 * @module Reading a slice's page texts ahead of the matcher. One registration at a time, a slice of 200
 * spent most of its time waiting on R2 (measured on the text-layer debtor: 4.5 s of reads against 1.4 s
 * of matching); with a few registrations' reads in flight the waits overlap, and still at most
 * `depth` registrations' texts are held beside the one being matched, never the slice's.
 */

/** Registrations whose texts are read while an earlier one is matched. */
export const READ_AHEAD = 8;

/**
 * Yields each item with what `load` made of it, in order, keeping up to `depth` loads in flight. A load
 * that fails throws where its item is reached, as an awaited load would.
 */
export async function* readAhead<T, R>(items: readonly T[], depth: number, load: (item: T) => Promise<R>): AsyncGenerator<[T, R]> {
  const inFlight: Array<Promise<R>> = [];
  let next = 0;
  for (let i = 0; i < items.length; i++) {
    while (next < items.length && inFlight.length < Math.max(1, depth)) {
      const loading = load(items[next++]!);
      // Awaited below in its turn; until then a failure must not count as unhandled.
      loading.catch(() => undefined);
      inFlight.push(loading);
    }
    yield [items[i]!, await inFlight.shift()!];
  }
}
