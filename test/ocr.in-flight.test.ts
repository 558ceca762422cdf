/** The per-isolate single flight behind OCR reads (worker/ocr/in-flight.ts): shared while running, bounded, forgotten once settled. */
import { describe, expect, it } from "vitest";
import { InFlight } from "../worker/ocr/in-flight";

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("InFlight", () => {
  it("runs a key once while it runs, shares the result, and runs it again once settled", async () => {
    const flights = new InFlight<string>(4);
    const gate = deferred<string>();
    let runs = 0;
    const work = () => (runs++, gate.promise);
    const a = flights.run("k", work);
    const b = flights.run("k", work);
    expect([a.joined, b.joined, runs, flights.size]).toEqual([false, true, 1, 1]);
    gate.resolve("read");
    expect(await Promise.all([a.result, b.result])).toEqual(["read", "read"]);
    expect(flights.size).toBe(0);
    const c = flights.run("k", async () => (runs++, "again"));
    expect([c.joined, await c.result, runs]).toEqual([false, "again", 2]);
  });

  it("shares a failure with the joiners and forgets it", async () => {
    const flights = new InFlight<string>(4);
    const gate = deferred<string>();
    const a = flights.run("k", () => gate.promise);
    const b = flights.run("k", () => Promise.resolve("never"));
    gate.reject(new Error("down"));
    await expect(a.result).rejects.toThrow("down");
    await expect(b.result).rejects.toThrow("down");
    expect(flights.size).toBe(0);
  });

  it("never tracks more than its limit: past it a new key runs unshared, and running keys stay shared", async () => {
    const flights = new InFlight<number>(2);
    const gates = [deferred<number>(), deferred<number>(), deferred<number>()];
    let runs = 0;
    const started = gates.map((g, i) => flights.run(`k${i}`, () => (runs++, g.promise)));
    expect(started.map((f) => f.joined)).toEqual([false, false, false]);
    expect(flights.size).toBe(2);
    // k2 was not tracked: asking again runs it again; k0 is tracked: asking again joins.
    expect(flights.run("k2", () => (runs++, gates[2]!.promise)).joined).toBe(false);
    expect(flights.run("k0", () => (runs++, gates[0]!.promise)).joined).toBe(true);
    expect(runs).toBe(4);
    gates.forEach((g, i) => g.resolve(i));
    expect(await Promise.all(started.map((f) => f.result))).toEqual([0, 1, 2]);
    expect(flights.size).toBe(0);
  });
});
