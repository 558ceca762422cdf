/**
 * A check slice reads its registrations' page texts a few ahead of the matcher (queues/check/read-ahead.ts):
 * in order, never more than the window in flight, and a failed read throws where its registration is reached.
 */
import { describe, expect, it } from "vitest";
import { readAhead } from "../queues/check/read-ahead";

describe("reading a slice's texts ahead of the matcher", () => {
  it("hands the loads over in order with at most `depth` in flight, and overlaps them", async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const load = async (i: number) => {
      started.push(i);
      most = Math.max(most, ++inFlight);
      // Later items finish first: the order handed over must still be the items'.
      await new Promise((r) => setTimeout(r, 20 - i));
      inFlight--;
      return `text ${i}`;
    };
    const seen: string[] = [];
    for await (const [item, text] of readAhead([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 3, load)) seen.push(`${item}:${text}`);
    expect(seen).toEqual(Array.from({ length: 10 }, (_, i) => `${i}:text ${i}`));
    expect(most).toBe(3);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("throws a failed load where its item is reached, after the items before it", async () => {
    const seen: number[] = [];
    const run = async () => {
      for await (const [item] of readAhead([0, 1, 2, 3], 4, async (i) => (i === 2 ? Promise.reject(new Error("R2 read failed")) : i)))
        seen.push(item);
    };
    await expect(run()).rejects.toThrow("R2 read failed");
    expect(seen).toEqual([0, 1]);
  });
});
