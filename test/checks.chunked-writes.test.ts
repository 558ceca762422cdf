/**
 * A check slice writes its decisions as they come, a bounded chunk at a time (queues/check/chunked-writes.ts):
 * every decision once and in order, never more than the bounds held, one write in flight, and a failed write
 * thrown to the matcher instead of lost.
 */
import { describe, expect, it } from "vitest";
import { chunkedWrites } from "../queues/check/chunked-writes";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("writing a slice's decisions in bounded chunks", () => {
  it("writes every decision once, in order, with no chunk over the bounds and one write at a time", async () => {
    // A slice of 200 decisions: most with a hit or two, some with hundreds (a registration with many hits).
    const weights = Array.from({ length: 200 }, (_, i) => (i % 37 === 5 ? 600 : i % 3));
    const chunks: number[][] = [];
    let inFlight = 0;
    let most = 0;
    const writes = chunkedWrites<number>(
      async (chunk) => {
        most = Math.max(most, ++inFlight);
        await tick();
        chunks.push(chunk);
        inFlight--;
      },
      (i) => weights[i]!,
      { registrations: 50, evidence: 1_000 },
    );
    // What waits unwritten (held, plus the chunk being written) never exceeds two chunks' worth.
    let heldMost = 0;
    let added = 0;
    for (let i = 0; i < weights.length; i++) {
      await writes.add(i);
      added++;
      const written = chunks.reduce((n, c) => n + c.length, 0);
      heldMost = Math.max(heldMost, added - written);
    }
    await writes.drain();

    expect(chunks.flat()).toEqual(weights.map((_, i) => i));
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(50);
      // Under the evidence bound, save for the one decision that carried the chunk past it.
      const weight = chunk.reduce((s, i) => s + weights[i]!, 0);
      expect(weight - weights[chunk.at(-1)!]!).toBeLessThan(1_000);
    }
    expect(most).toBe(1);
    expect(heldMost).toBeLessThanOrEqual(100);
  });

  it("writes a chunk as soon as the evidence bound is reached, before the registrations' bound", async () => {
    const chunks: number[][] = [];
    const writes = chunkedWrites<number>(
      async (chunk) => void chunks.push(chunk),
      () => 300,
      { registrations: 50, evidence: 1_000 },
    );
    for (let i = 0; i < 9; i++) await writes.add(i);
    await writes.drain();
    expect(chunks).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8]]);
  });

  it("throws a failed write to the next add or to the drain", async () => {
    const failing = chunkedWrites<number>(
      async (chunk) => {
        if (chunk.includes(2)) throw new Error("D1 batch failed");
      },
      () => 0,
      { registrations: 2, evidence: 1_000 },
    );
    await failing.add(0);
    await failing.add(1);
    await failing.add(2);
    await failing.add(3);
    await failing.add(4);
    await expect(failing.add(5)).rejects.toThrow("D1 batch failed");

    const last = chunkedWrites<number>(
      async () => {
        throw new Error("D1 batch failed");
      },
      () => 0,
      { registrations: 10, evidence: 1_000 },
    );
    await last.add(0);
    await expect(last.drain()).rejects.toThrow("D1 batch failed");
  });
});
