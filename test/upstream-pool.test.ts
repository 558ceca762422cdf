import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SLOT_TTL_MS, WAITER_TTL_MS } from "../durable-objects/upstream-pool";
import { winners } from "../worker/domain/pool-fairness";

/** A pool of its own per test: the deployment's pool is one object, tests must not share it. */
const poolNamed = (name: string) => env.UPSTREAM_POOL.get(env.UPSTREAM_POOL.idFromName(`test-${name}`));
const T0 = 1_000_000;
const CAPACITY = 4;

describe("UpstreamPool fairness", () => {
  it("serves another account's single query at the next free slot, ahead of a 100-subject batch", async () => {
    const pool = poolNamed("batch-vs-single");
    const held = new Map<string, string>();
    const waitingA = Array.from({ length: 100 }, (_, i) => `list:qry_a${i}`);
    let now = T0;
    for (const holder of [...waitingA]) {
      const grant = await pool.acquire("acc_a", holder, now++, CAPACITY);
      if (grant.ok) {
        held.set(holder, grant.slotId);
        waitingA.splice(waitingA.indexOf(holder), 1);
      }
    }
    expect(held.size).toBe(CAPACITY);
    expect(waitingA).toHaveLength(96);

    // B's single query arrives after the whole batch; every slot is taken.
    expect((await pool.acquire("acc_b", "list:qry_b", now++, CAPACITY)).ok).toBe(false);

    // One of A's slots frees. A's 96 waiters re-ask first, B re-asks last: the slot still goes to B.
    const [first, slot] = [...held][0]!;
    await pool.release(slot);
    held.delete(first);
    for (const holder of waitingA) expect((await pool.acquire("acc_a", holder, now++, CAPACITY)).ok).toBe(false);
    const b = await pool.acquire("acc_b", "list:qry_b", now++, CAPACITY);
    expect(b.ok).toBe(true);
    expect(await pool.usage(now)).toEqual({ held: CAPACITY, waiting: 96 });
  });

  it("shares the slots between two busy accounts instead of serving them in arrival order", async () => {
    const pool = poolNamed("two-batches");
    let now = T0;
    const queue = [
      ...Array.from({ length: 40 }, (_, i) => ({ account: "acc_a", holder: `doc:a${i}` })),
      ...Array.from({ length: 8 }, (_, i) => ({ account: "acc_b", holder: `doc:b${i}` })),
    ];
    const running: Array<{ account: string; slotId: string }> = [];
    const order: string[] = [];
    // Rounds: the oldest running step finishes, then every waiter (A's first) asks again.
    while (queue.length > 0) {
      if (running.length >= CAPACITY) await pool.release(running.shift()!.slotId);
      for (const step of [...queue]) {
        const grant = await pool.acquire(step.account, step.holder, now++, CAPACITY);
        if (!grant.ok) continue;
        running.push({ account: step.account, slotId: grant.slotId });
        order.push(step.account);
        queue.splice(queue.indexOf(step), 1);
      }
    }
    // A asked first and got the empty pool; from then on B's steps get every other slot.
    const lastB = order.lastIndexOf("acc_b");
    expect(order.slice(0, CAPACITY)).toEqual(Array(CAPACITY).fill("acc_a"));
    expect(lastB).toBeLessThan(CAPACITY + 2 * 8);
  });

  it("orders by slots held, then by waiting time", () => {
    const contenders = [
      { accountId: "acc_big", held: 3, since: 1 },
      { accountId: "acc_new", held: 0, since: 9 },
      { accountId: "acc_old", held: 0, since: 5 },
    ];
    expect(winners(contenders, 1)).toEqual(["acc_old"]);
    expect(winners(contenders, 2)).toEqual(["acc_old", "acc_new"]);
    expect(winners(contenders, 0)).toEqual([]);
  });
});

describe("UpstreamPool expiry", () => {
  it("frees a crashed holder's slot after SLOT_TTL_MS, not before", async () => {
    const pool = poolNamed("crash");
    expect((await pool.acquire("acc_a", "list:crashed", T0, 1)).ok).toBe(true);
    // The holder dies without releasing. Another account waits…
    expect((await pool.acquire("acc_b", "list:b", T0 + 1_000, 1)).ok).toBe(false);
    expect((await pool.acquire("acc_b", "list:b", T0 + SLOT_TTL_MS - 1, 1)).ok).toBe(false);
    // …until the slot expires.
    expect((await pool.acquire("acc_b", "list:b", T0 + SLOT_TTL_MS, 1)).ok).toBe(true);
    expect(await pool.usage(T0 + SLOT_TTL_MS)).toEqual({ held: 1, waiting: 0 });
  });

  it("keeps a slot that its holder renews while it works", async () => {
    const pool = poolNamed("renew");
    const grant = await pool.acquire("acc_a", "doc:long", T0, 1);
    if (!grant.ok) throw new Error("no slot");
    expect(await pool.renew(grant.slotId, T0 + SLOT_TTL_MS - 1)).toBe(true);
    expect((await pool.acquire("acc_b", "doc:b", T0 + SLOT_TTL_MS + 1, 1)).ok).toBe(false);
    expect((await pool.acquire("acc_b", "doc:b", T0 + 2 * SLOT_TTL_MS, 1)).ok).toBe(true);
    expect(await pool.renew(grant.slotId, T0 + 2 * SLOT_TTL_MS)).toBe(false);
  });

  it("gives a redelivered holder its slot back under a new id, so the stale release frees nothing", async () => {
    const pool = poolNamed("redelivery");
    const first = await pool.acquire("acc_a", "doc:same", T0, 1);
    const again = await pool.acquire("acc_a", "doc:same", T0 + 10, 1);
    if (!first.ok || !again.ok) throw new Error("no slot");
    expect(again.slotId).not.toBe(first.slotId);
    await pool.release(first.slotId);
    expect((await pool.usage(T0 + 20)).held).toBe(1);
    expect((await pool.acquire("acc_b", "doc:b", T0 + 30, 1)).ok).toBe(false);
    await pool.release(again.slotId);
    expect((await pool.acquire("acc_b", "doc:b", T0 + 40, 1)).ok).toBe(true);
  });

  it("forgets a waiter that stopped asking, so it cannot hold a free slot back for long", async () => {
    const pool = poolNamed("ghost");
    const a = await pool.acquire("acc_a", "doc:a1", T0, 1);
    if (!a.ok) throw new Error("no slot");
    // B asks once and is never heard of again (its message was dead-lettered).
    expect((await pool.acquire("acc_b", "doc:ghost", T0 + 100, 1)).ok).toBe(false);
    await pool.release(a.slotId);
    expect((await pool.acquire("acc_a", "doc:a2", T0 + 200, 1)).ok).toBe(false);
    expect((await pool.acquire("acc_a", "doc:a2", T0 + 100 + WAITER_TTL_MS, 1)).ok).toBe(true);
  });
});
