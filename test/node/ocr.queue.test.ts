/**
 * The OCR service's queue and its memory of recent answers (services/ocr/limiter.mjs, recent.mjs): a call
 * whose caller hung up never runs, and a reading its caller gave up on is kept for the retry.
 */
import { describe, expect, it } from "vitest";
import { createLimiter } from "../../services/ocr/limiter.mjs";
import { createRecent, requestKey } from "../../services/ocr/recent.mjs";

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
