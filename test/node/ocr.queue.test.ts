/**
 * The OCR service's queue and its memory of recent answers (services/ocr/limiter.mjs, recent.mjs): a call
 * whose caller hung up never runs, and a reading its caller gave up on is kept for the retry; the server
 * (server.mjs) reads a page once for callers asking at once and keeps reading it after they time out.
 */
import { describe, expect, it } from "vitest";
import { createLimiter } from "../../services/ocr/limiter.mjs";
import { createRecent, requestKey } from "../../services/ocr/recent.mjs";
import { createOcrServer, preferredWaitMs } from "../../services/ocr/server.mjs";

function gate<T>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

describe("the OCR service's queue", () => {
  it("drops a queued call whose caller has gone, and runs the next one", async () => {
    const limiter = createLimiter(1);
    const first = gate<string>();
    const ran: string[] = [];
    const running = limiter.run(() => (ran.push("first"), first.promise), 10_000);
    const leaving = new AbortController();
    const abandoned = limiter.run(async () => (ran.push("abandoned"), "x"), 10_000, leaving.signal);
    const waiting = limiter.run(async () => (ran.push("waiting"), "y"), 10_000);
    expect(limiter.stats()).toEqual({ active: 1, queued: 2 });
    leaving.abort();
    await expect(abandoned).rejects.toMatchObject({ code: "TIMEOUT" });
    expect(limiter.stats()).toEqual({ active: 1, queued: 1 });
    first.open("done");
    expect([await running, await waiting]).toEqual(["done", "y"]);
    expect(ran).toEqual(["first", "waiting"]);
  });

  it("estimates a call's wait from its place in the queue and the mean time calls have run", async () => {
    const limiter = createLimiter(2, { initialMeanMs: 1_000 });
    const gates = [gate<string>(), gate<string>(), gate<string>(), gate<string>(), gate<string>()];
    const calls = gates.map((g) => limiter.run(() => g.promise, 60_000));
    // Two run, three wait: each waiting call has more ahead of it than the one before.
    const [run1, , queued1, queued2, queued3] = calls.map((c) => limiter.remainingMs(c));
    expect(run1).toBeLessThanOrEqual(1_000);
    expect(queued1).toBeGreaterThan(run1!);
    expect(queued2).toBeGreaterThan(queued1!);
    expect(queued3).toBeGreaterThan(queued2!);
    expect(limiter.backlogMs()).toBeGreaterThanOrEqual(queued3!);
    // Calls that finish at once pull the mean (and so every estimate) down.
    gates.forEach((g) => g.open("done"));
    await Promise.all(calls);
    const next = gate<string>();
    const later = limiter.run(() => next.promise, 60_000);
    expect(limiter.remainingMs(later)).toBeLessThan(run1!);
    next.open("done");
    await later;
  });

  it("lets a running call finish when its caller goes (the engine cannot be stopped)", async () => {
    const limiter = createLimiter(1);
    const work = gate<string>();
    const leaving = new AbortController();
    const call = limiter.run(() => work.promise, 10_000, leaving.signal);
    leaving.abort();
    work.open("read");
    expect(await call).toBe("read");
  });
});

describe("recent answers", () => {
  it("keys by content and page, keeps the most recently used, forgets the oldest past its size", () => {
    const a = new TextEncoder().encode("picture a");
    expect(requestKey(a, null)).toBe(requestKey(new TextEncoder().encode("picture a"), null));
    expect(requestKey(a, "2")).not.toBe(requestKey(a, null));
    const recent = createRecent<string>(2);
    recent.set("k1", "one");
    recent.set("k2", "two");
    expect(recent.get("k1")).toBe("one");
    recent.set("k3", "three");
    expect([recent.get("k1"), recent.get("k2"), recent.get("k3")]).toEqual(["one", undefined, "three"]);
  });
});

describe("the OCR service's readings", () => {
  /** The service on a port of its own, over an engine that counts its readings and finishes when told. */
  async function serviceOver(engine: { read(body: Uint8Array, page: string | null): Promise<object> }, timeoutMs = 200) {
    const server = createOcrServer({ engine: Promise.resolve(engine), maxBytes: 1_000_000, timeoutMs, concurrency: 1 });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || address === null) throw new Error("the service did not listen on a port");
    const { port } = address;
    await fetch(`http://127.0.0.1:${port}/healthz`);
    const post = (body: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/v1/ocr`, { method: "POST", body, headers });
    return { post, close: () => server.close() };
  }

  it("reads a page once however many callers ask at once, and keeps reading it for the caller that timed out", async () => {
    const work = gate<object>();
    const reads: string[] = [];
    const service = await serviceOver({ read: (body) => (reads.push(new TextDecoder().decode(body)), work.promise) });
    try {
      // Both calls wait past their 200 ms deadline: TIMEOUT (503), while the one reading goes on.
      const [first, second] = await Promise.all([service.post("page A"), service.post("page A")]);
      expect([first.status, second.status]).toEqual([503, 503]);
      expect(await first.json()).toMatchObject({ error: { code: "TIMEOUT" } });
      await second.body?.cancel();
      work.open({ lines: [{ text: "12345678" }] });
      await new Promise((r) => setTimeout(r, 20));
      // The retry is answered from the finished reading; the engine read the page once.
      const retry = await service.post("page A");
      expect(retry.status).toBe(200);
      expect(await retry.json()).toEqual({ lines: [{ text: "12345678" }] });
      expect(reads).toEqual(["page A"]);
    } finally {
      service.close();
    }
  });

  it("answers a caller who asked for a shorter wait (Prefer: wait) TIMEOUT with Retry-After, later in the queue later", async () => {
    const work = gate<object>();
    const service = await serviceOver({ read: () => work.promise }, 60_000);
    try {
      const asked = performance.now();
      // Page A runs, B and C wait behind it; each caller asked to wait 1 s, not the service's 60.
      const post = (page: string) => service.post(page, { Prefer: "wait=1" });
      const [a, b, c] = await Promise.all([post("page A"), post("page B"), post("page C")]);
      expect(performance.now() - asked).toBeLessThan(30_000);
      expect([a.status, b.status, c.status]).toEqual([503, 503, 503]);
      expect(await b.json()).toMatchObject({ error: { code: "TIMEOUT" } });
      const after = [a, b, c].map((r) => Number(r.headers.get("Retry-After")));
      for (const seconds of after) expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 120).toBe(true);
      expect(after[2]).toBeGreaterThan(after[0]!);
      await Promise.all([a.body?.cancel(), c.body?.cancel()]);
      work.open({ lines: [] });
      await new Promise((r) => setTimeout(r, 20));
      expect((await service.post("page C")).status).toBe(200);
    } finally {
      service.close();
    }
  });

  it("reads the wait a caller prefers in whole seconds, and ignores anything else", () => {
    expect(preferredWaitMs("wait=10")).toBe(10_000);
    expect(preferredWaitMs("respond-async, wait=5")).toBe(5_000);
    expect(preferredWaitMs('wait="3"; handling=lenient')).toBe(3_000);
    for (const header of [undefined, "", "wait=0", "wait=-4", "wait=1.5", "wait=abc", "nowait=3", "waits=3"])
      expect(preferredWaitMs(header)).toBeNull();
  });
});
