/**
 * @module A per-isolate map whose entries each live until a time of their own, and at most `max` of
 * them: the oldest entry goes first (a Map iterates in insertion order, and a set re-inserts).
 * The key cache and the shard directory cache are both this.
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(private readonly max: number) {}

  get(key: K, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, until: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(test: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key);
  }
}
