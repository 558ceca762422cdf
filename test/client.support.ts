/** @module Shared by the client tests: the typed client wired to this Worker in-process. */
import { exports } from "cloudflare:workers";
import { RegistryClient, type ClientOptions, type FetchLike } from "../client/index.ts";
import { sandboxRegistry } from "../worker/upstream/sandbox";

/** The Worker under test as the client's fetch: every request goes through the whole app. */
export const workerFetch: FetchLike = (request) => exports.default.fetch(request);

/** Short polling for tests: the schedule's shape is the same, its scale is not. */
export const FAST_POLL = { initialIntervalMs: 50, maxIntervalMs: 200, timeoutMs: 45_000 } as const;

export function clientFor(apiKey: string, options: Partial<ClientOptions> = {}): RegistryClient {
  return new RegistryClient({ apiKey, baseUrl: "http://api.test", fetch: workerFetch, ...options });
}

/** An invoice number the sandbox prints in one of the subject's property descriptions. */
export function sandboxInvoice(subject: string): string {
  for (const reg of sandboxRegistry.listing(subject)) {
    const numbers = sandboxRegistry.invoiceNumbersOf(subject, reg.certificateNumber, "description");
    if (numbers.length > 0) return numbers[0]!;
  }
  throw new Error(`the sandbox prints no invoice number for ${subject}`);
}

/** Records every request's method, path and chosen headers, then passes it on. */
export function recording(inner: FetchLike = workerFetch) {
  const seen: Array<{ method: string; path: string; search: string; idempotencyKey: string | null; range: string | null; ifRange: string | null }> =
    [];
  const fetch: FetchLike = (request) => {
    const url = new URL(request.url);
    seen.push({
      method: request.method,
      path: url.pathname,
      search: url.search,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      range: request.headers.get("Range"),
      ifRange: request.headers.get("If-Range"),
    });
    return inner(request);
  };
  return { fetch, seen };
}

/** A sleep that records what it was asked to wait and waits 1/`scale` of it (the rate limit still holds). */
export function quickSleep(scale = 30) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    await new Promise((resolve) => setTimeout(resolve, ms / scale));
  };
  return { sleep, waits };
}
