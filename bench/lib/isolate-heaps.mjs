/**
 * The JavaScript heaps inside a `wrangler dev` server, apart from its workerd's resident memory: the
 * Worker's own isolate (its fetch handler, queue consumers and Durable Objects all run in it) through
 * wrangler's DevTools proxy (`--inspector-port`), and every other isolate of the workerd that runs it
 * (the local D1, R2, queues and the rest of the simulators, each a worker of its own) through that
 * workerd's inspector, which wrangler starts on a free port. What is left of workerd's resident memory
 * once the heaps are taken out is native: SQLite's page caches of the local D1s, R2 bodies in flight,
 * the runtime itself.
 *
 * Sampled with `Runtime.getHeapUsage` every `everyMs`, the Worker's heap five times as often (cheap: no
 * pause; an isolate busy in JavaScript answers when it yields); `settled()` forces a full
 * collection in the Worker's isolate (workerd answers no `HeapProfiler.collectGarbage`; a heap snapshot
 * collects first) and reads what is still held.
 */
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import { descendants } from "./process-tree.mjs";

// Node 22 has WebSocket built in (the repo's engines); an older Node takes the `ws` package (a devDependency).
const WebSocketClass = globalThis.WebSocket ?? (await import("ws")).default;

const MB = 1024 * 1024;
/** A drop in used heap between two samples larger than this is a collection. */
const COLLECTED_MB = 4;

/** A DevTools session: `send(method, params)` answers with the result; events are dropped. */
async function session(url) {
  const ws = new WebSocketClass(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", () => reject(new Error(`inspector ${url} refused`)), { once: true });
  });
  // Far from the ids wrangler's proxy gives its own messages on the same connection.
  let id = 1e9;
  const pending = new Map();
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}, timeoutMs = 5000) =>
    new Promise((resolve) => {
      const mine = ++id;
      const timer = setTimeout(() => {
        pending.delete(mine);
        resolve(null);
      }, timeoutMs);
      pending.set(mine, (message) => {
        clearTimeout(timer);
        resolve(message.result ?? null);
      });
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return { send, close: () => ws.close() };
}

/** Ports a process listens on over TCP (/proc: its sockets' inodes among the listening ones). */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[3] === "0A" && inodes.has(f[9]))
    .map((f) => parseInt(f[1].split(":")[1], 16));
}

/** The inspector targets of the workerd (under `serverPid`) that runs the Worker: the one started with --inspector-addr. */
async function runtimeTargets(serverPid) {
  const runtime = descendants(serverPid).find((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("--inspector-addr");
    } catch {
      return false;
    }
  });
  if (runtime === undefined) return [];
  for (const port of listeningPorts(runtime)) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
      if (!r.ok) continue;
      const list = await r.json();
      if (Array.isArray(list) && list.every((t) => t.webSocketDebuggerUrl)) return list;
    } catch {
      /* not the inspector */
    }
  }
  return [];
}

/** The simulator a runtime isolate belongs to, by its target id (d1:db, r2:bucket, queues:queue, …). */
const groupOf = (id) => /^(d1|r2|queues):/.exec(id)?.[1] ?? "other";

/**
 * Connects to the Worker's isolate and to the runtime's others, and samples their heaps. `reset()` opens
 * a new window; `peak()` is the window's highest readings, each on its own, in MB: `worker` (used heap of
 * our isolate), `collected` (its used heap just after a collection, at most: the live set and a little
 * garbage; the peak when none was seen), `workerBuffers` (its ArrayBuffers, outside the heap), `simulators` (used heaps of all the
 * others together) and per group (d1, r2, queues, other), `reserved` (every isolate's reserved heap and
 * buffers: the part of workerd's resident memory that is JavaScript's).
 */
export async function watchHeaps({ serverPid, inspectorPort, everyMs = 250 }) {
  const worker = await session(`ws://127.0.0.1:${inspectorPort}/ws`);
  // Our Worker's own target is wrangler's proxy's: a second session on it gets no answers.
  const targets = (await runtimeTargets(serverPid)).filter((t) => !t.id.startsWith("core:user:registry-check-api"));
  const others = await Promise.all(targets.map(async (t) => ({ group: groupOf(t.id), s: await session(t.webSocketDebuggerUrl) })));

  const read = async () => {
    const [w, ...rest] = await Promise.all([worker.send("Runtime.getHeapUsage"), ...others.map((o) => o.s.send("Runtime.getHeapUsage"))]);
    const groups = { d1: 0, r2: 0, queues: 0, other: 0 };
    rest.forEach((h, i) => (groups[others[i].group] += (h?.usedSize ?? 0) / MB));
    const simulators = Object.values(groups).reduce((a, b) => a + b, 0);
    // What the heaps take of workerd's resident memory: each one's reserved size and its ArrayBuffers' bytes.
    const held = (h) => ((h?.totalSize ?? 0) + (h?.backingStorageSize ?? 0)) / MB;
    const reserved = held(w) + rest.reduce((sum, h) => sum + held(h), 0);
    return { worker: (w?.usedSize ?? 0) / MB, workerBuffers: (w?.backingStorageSize ?? 0) / MB, simulators, ...groups, reserved };
  };
  let peak = await read();
  let last = peak.worker;
  // The used heap just after the Worker's collections (a drop between two samples): its highest in the
  // window bounds the live working set from above, the garbage of the peak reading left out.
  let collected = 0;
  const sampler = (ms, sample) => {
    let busy = false;
    return setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        await sample();
      } finally {
        busy = false;
      }
    }, ms);
  };
  const timers = [
    sampler(everyMs, async () => {
      const now = await read();
      for (const k of Object.keys(now)) peak[k] = Math.max(peak[k], now[k]);
    }),
    // The Worker's own heap more often, so that a collection is seen close after it happened.
    sampler(Math.max(10, everyMs / 5), async () => {
      const used = ((await worker.send("Runtime.getHeapUsage"))?.usedSize ?? 0) / MB;
      if (used === 0) return;
      peak.worker = Math.max(peak.worker, used);
      if (used < last - COLLECTED_MB) collected = Math.max(collected, used);
      last = used;
    }),
  ];

  return {
    peak: () => ({ ...peak, collected: collected || peak.worker }),
    reset: async () => {
      peak = await read();
      last = peak.worker;
      collected = 0;
      return peak;
    },
    /** The Worker isolate's used heap and ArrayBuffers after a full collection, in MB (a heap snapshot is taken and dropped). */
    settled: async () => {
      await worker.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, 120_000);
      const h = await worker.send("Runtime.getHeapUsage");
      return { used: (h?.usedSize ?? 0) / MB, buffers: (h?.backingStorageSize ?? 0) / MB };
    },
    stop: () => {
      for (const t of timers) clearInterval(t);
      worker.close();
      for (const o of others) o.s.close();
    },
  };
}
