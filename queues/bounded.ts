/** @module Running a batch's messages side by side, a bounded number at a time. */

/**
 * Runs `work` for every item, at most `limit` at once, starting them in order. Every item is run
 * whatever the others do: `work` is expected to settle its own failures (the consumer's handler does).
 */
export async function forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
}
