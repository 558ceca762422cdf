/**
 * @module Fault injection for the pipeline, in tests only (nothing in production reads it). The
 * Worker runs on its real local bindings, wrapped: chosen calls fail as an outage would (a D1
 * batch, an R2 put or get, a queue send), and the queue is captured, so the test decides what is
 * delivered, how often, in which order and on which attempt. Requests go through the Worker's own
 * fetch handler with the same wrapped bindings, so a task created over the API lands in the capture.
 */
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env as realEnv } from "cloudflare:workers";
import worker from "../worker/index";
import type { PipelineMessage } from "../queues/messages";
import { shardBindingName } from "../worker/config";
import { allShards } from "../worker/db/shards";

export type FaultPoint = "DB.batch" | "FILES.put" | "FILES.get" | "PIPELINE.send";

export interface Fault {
  point: FaultPoint;
  /** Fail these calls of the point (1-based, counted from arm()). */
  calls?: number[];
  /** Fail every call whose detail (SQL of the batch's first statement, R2 key, JSON of the messages sent) matches, at most `times`. */
  match?: RegExp;
  times?: number;
}

export interface Pending {
  body: PipelineMessage;
  attempts: number;
}

type Method = (...args: unknown[]) => unknown;

let sequence = 0;

export class FaultyPipeline {
  /** Messages sent and not yet delivered. */
  readonly outbox: Pending[] = [];
  /** Faults that fired, by point. */
  readonly fired: Record<FaultPoint, number> = { "DB.batch": 0, "FILES.put": 0, "FILES.get": 0, "PIPELINE.send": 0 };
  readonly env: Env;
  private faults: Fault[] = [];
  private counts: Record<FaultPoint, number> = { "DB.batch": 0, "FILES.put": 0, "FILES.get": 0, "PIPELINE.send": 0 };
  private matched = new Map<Fault, number>();

  constructor(base: Env = realEnv) {
    // Every D1's batches fail alike: the shared one's and each shard's (one count across them all).
    const faultyD1 = (real: D1Database) =>
      passThrough(real, {
        batch:
          (batch) =>
          async (...args: unknown[]) => {
            const [first] = args[0] as Array<{ statement?: string }>;
            this.trip("DB.batch", String(first?.statement ?? ""));
            return batch(...args);
          },
      });
    const db = faultyD1(base.DB);
    const shards = Object.fromEntries(allShards(base).map((shard, index) => [shardBindingName(index), faultyD1(shard)]));
    const files = passThrough(base.FILES, {
      put:
        (real) =>
        async (...args: unknown[]) => {
          this.trip("FILES.put", String(args[0]));
          return real(...args);
        },
      get:
        (real) =>
        async (...args: unknown[]) => {
          this.trip("FILES.get", String(args[0]));
          return real(...args);
        },
    });
    const capture = {
      send: async (body: unknown) => {
        this.trip("PIPELINE.send", JSON.stringify([body]));
        this.outbox.push({ body: body as PipelineMessage, attempts: 1 });
      },
      sendBatch: async (messages: Iterable<MessageSendRequest>) => {
        const list = [...messages];
        this.trip("PIPELINE.send", JSON.stringify(list.map((m) => m.body)));
        for (const m of list) this.outbox.push({ body: m.body as PipelineMessage, attempts: 1 });
      },
    };
    this.env = { ...base, ...shards, DB: db, FILES: files, PIPELINE: capture as unknown as Queue };
  }

  /** Replaces the armed faults and restarts the call counts. */
  arm(...faults: Fault[]): this {
    this.faults = faults;
    this.counts = { "DB.batch": 0, "FILES.put": 0, "FILES.get": 0, "PIPELINE.send": 0 };
    this.matched = new Map();
    return this;
  }

  disarm(): this {
    return this.arm();
  }

  private trip(point: FaultPoint, detail: string): void {
    const n = ++this.counts[point];
    for (const f of this.faults) {
      if (f.point !== point) continue;
      const byCall = f.calls?.includes(n) ?? false;
      const used = this.matched.get(f) ?? 0;
      const byMatch = f.match !== undefined && f.match.test(detail) && used < (f.times ?? Infinity);
      if (byCall || byMatch) {
        if (byMatch) this.matched.set(f, used + 1);
        this.fired[point]++;
        throw new Error(`injected fault: ${point} #${n}`);
      }
    }
  }

  /** A request through the Worker's fetch handler on the wrapped bindings. */
  async fetch(path: string, init: RequestInit & { json?: unknown; key?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("X-Api-Key", init.key);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return worker.fetch(new Request(`http://api.test/api/open/v1${path}`, { ...init, headers, body }), this.env, createExecutionContext());
  }

  /** Delivers one batch to the Worker's queue handler; returns what was acknowledged and what asked for a retry. */
  async deliver(pending: Pending[], queue = "registry-pipeline"): Promise<{ acked: Pending[]; retried: Pending[] }> {
    const ids = pending.map(() => `fault-msg-${++sequence}`);
    const batch = createMessageBatch<PipelineMessage>(
      queue,
      pending.map((p, i) => ({ id: ids[i]!, timestamp: new Date(), attempts: p.attempts, body: p.body })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, this.env);
    const result = await getQueueResult(batch, ctx);
    const retriedIds = new Set(result.retryMessages.map((m) => m.msgId));
    return {
      acked: pending.filter((_, i) => !retriedIds.has(ids[i]!)),
      retried: pending.filter((_, i) => retriedIds.has(ids[i]!)),
    };
  }

  /**
   * Delivers until the outbox is empty: batches of up to 10 in the outbox's order (or shuffled),
   * every retried message again on its next attempt, and with `duplicate` every message twice
   * (with `random`, possibly in the same batch). Throws past `maxRounds` (a task that never ends).
   */
  async drain(
    options: { duplicate?: boolean; random?: () => number; maxRounds?: number; batchSize?: number; deadLetterAfter?: number } = {},
  ): Promise<{ rounds: number; delivered: number; retried: number; deadLettered: number }> {
    const { duplicate = false, random, maxRounds = 200, batchSize = 10, deadLetterAfter = Infinity } = options;
    let deadLettered = 0;
    let rounds = 0;
    let delivered = 0;
    let retried = 0;
    while (this.outbox.length > 0) {
      if (++rounds > maxRounds) throw new Error(`the pipeline did not settle in ${maxRounds} rounds (${this.outbox.length} messages left)`);
      const all = this.outbox.splice(0, this.outbox.length);
      // Past the retry budget a message goes to the dead-letter queue, as max_retries would send it.
      const dead = all.filter((p) => p.attempts > deadLetterAfter);
      if (dead.length > 0) {
        await this.deliver(dead, "registry-pipeline-dlq");
        deadLettered += dead.length;
      }
      const take = all.filter((p) => p.attempts <= deadLetterAfter);
      const queue = duplicate ? [...take, ...take.map((p) => ({ ...p }))] : take;
      // Shuffled after copying: a message and its copy may run side by side in one batch.
      if (random) queue.sort(() => random() - 0.5);
      let again = 0;
      for (let i = 0; i < queue.length; i += batchSize) {
        const { retried: failed } = await this.deliver(queue.slice(i, i + batchSize));
        delivered += Math.min(batchSize, queue.length - i);
        retried += failed.length;
        again += failed.length;
        this.outbox.push(...failed.map((p) => ({ body: p.body, attempts: p.attempts + 1 })));
      }
      // Only retries left (an upstream slot or a busy upstream): give them a moment, as the queue's delay would.
      if (again > 0 && again === this.outbox.length) await new Promise((r) => setTimeout(r, 150));
    }
    return { rounds, delivered, retried, deadLettered };
  }
}

/** The binding with some methods replaced; everything else reaches the real one. */
function passThrough<T extends object>(real: T, replace: Record<string, (realMethod: Method) => Method>): T {
  return new Proxy(real, {
    get(target, property) {
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== "function") return value;
      const bound = (value as Method).bind(target);
      const wrap = typeof property === "string" ? replace[property] : undefined;
      return wrap ? wrap(bound) : bound;
    },
  });
}
