/**
 * A counting relay between the Worker and the OCR service, for bench/scale.mjs: each call is passed on
 * unchanged, and the relay tallies what the pipeline asked (calls by answer: read, busy with a
 * Retry-After, failed), how many distinct pages it asked about (body hash and `page`), how many calls
 * were in flight at once, and, sampled from the service's /healthz every half second, how often its
 * readers were all busy. Those do not drift with the machine's load the way wall time does: a page
 * asked for twice, a reader idle while pages wait in the pipeline, show here whatever the CPU speed.
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";

/**
 * @param {{ target: string, port?: number, readers: number }} options `target`: the service's base URL;
 *   `port`: the relay's (default: any free one); `readers`: its worker processes (what "all busy" means)
 * @returns {Promise<{ url: string, summary(pages: number): string, reset(): void, stop(): void }>}
 */
export async function startOcrTally({ target, port = 0, readers }) {
  const calls = new Map();
  const keys = new Map();
  let inFlight = 0;
  let maxInFlight = 0;
  const busy = { samples: 0, allBusy: 0, idle: 0, queuedSum: 0 };
  const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://tally.local");
    if (url.pathname === "/v1/ocr") count(keys, `${createHash("sha256").update(body).digest("hex")}#${url.searchParams.get("page") ?? ""}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)));
      const answer = await fetch(`${target}${req.url}`, { method: req.method, headers, body: req.method === "POST" ? body : undefined });
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (url.pathname === "/v1/ocr")
        count(calls, answer.status === 200 ? "read" : answer.headers.get("retry-after") ? "busy" : `failed ${answer.status}`);
      const passed = {};
      for (const name of ["content-type", "retry-after", "cache-control"]) if (answer.headers.get(name)) passed[name] = answer.headers.get(name);
      res.writeHead(answer.status, { ...passed, "content-length": bytes.length });
      res.end(bytes);
    } catch {
      if (url.pathname === "/v1/ocr") count(calls, "unreachable");
      res.destroy();
    } finally {
      inFlight--;
    }
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  const sampler = setInterval(async () => {
    const stats = await fetch(`${target}/healthz`, { signal: AbortSignal.timeout(400) }).then(
      (r) => r.json(),
      () => null,
    );
    if (!stats || typeof stats.active !== "number") return;
    busy.samples++;
    if (stats.active >= readers) busy.allBusy++;
    if (stats.active === 0) busy.idle++;
    busy.queuedSum += stats.queued ?? 0;
  }, 500);

  return {
    url,
    /** One line: calls by answer and per page, distinct pages asked, the most in flight, the readers' busy share. */
    summary(pages) {
      const total = [...calls.values()].reduce((s, n) => s + n, 0);
      const byAnswer = [...calls].map(([k, n]) => `${k} ${n}`).join(", ");
      const share = (n) => (busy.samples ? `${Math.round((100 * n) / busy.samples)} %` : "-");
      return (
        `OCR calls ${total} (${byAnswer}; ${(total / pages).toFixed(2)} a page), ${keys.size} distinct pages asked, ` +
        `${[...keys.values()].filter((n) => n > 1).length} asked more than once; at most ${maxInFlight} in flight; ` +
        `readers all ${readers} busy ${share(busy.allBusy)}, all idle ${share(busy.idle)} of ${busy.samples} samples, ` +
        `${busy.samples ? (busy.queuedSum / busy.samples).toFixed(1) : "-"} queued on average`
      );
    },
    /** Forgets what was tallied so far (the query's phase, before the check's OCR). */
    reset() {
      calls.clear();
      keys.clear();
      maxInFlight = inFlight;
      Object.assign(busy, { samples: 0, allBusy: 0, idle: 0, queuedSum: 0 });
    },
    stop() {
      clearInterval(sampler);
      server.close();
      server.closeAllConnections?.();
    },
  };
}
