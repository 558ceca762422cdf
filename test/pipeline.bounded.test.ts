/** The consumer's bounded concurrency (queues/bounded.ts): every message runs, never more than the bound at once. */
import { describe, expect, it } from "vitest";
import { forEachBounded } from "../queues/bounded";

describe("forEachBounded", () => {
  it("runs every item, at most `limit` at once, starting them in order", async () => {
    for (const [items, limit] of [
      [10, 4],
      [3, 4],
      [7, 1],
      [0, 4],
    ] as const) {
      let running = 0;
      let peak = 0;
      const started: number[] = [];
      await forEachBounded(
        Array.from({ length: items }, (_, i) => i),
        limit,
        async (i) => {
          started.push(i);
          peak = Math.max(peak, ++running);
          await new Promise((r) => setTimeout(r, (i * 7) % 5));
          running--;
        },
      );
      expect(started).toEqual(Array.from({ length: items }, (_, i) => i));
      expect(peak).toBe(Math.min(limit, items));
    }
  });
});
