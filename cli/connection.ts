/**
 * @module Failing fast when nothing answers at the address. The client retries every network
 * failure with backoff (1 + 2 + 4 + 8 + 16 s), which is right for a connection dropped mid-request,
 * but a refused connection or an unknown host means no server is there at all: the CLI says so at
 * once instead of waiting half a minute in silence. Nothing reached a server, so nothing was created.
 */
import { defaultSleep, type FetchLike, type Sleep } from "../client/index.ts";

export class ServerUnreachableError extends Error {
  override readonly name = "ServerUnreachableError";
  readonly baseUrl: string;
  readonly reason: "refused" | "unknown_host";
  constructor(baseUrl: string, reason: "refused" | "unknown_host") {
    super(reason === "refused" ? `the server is not running at ${baseUrl} (connection refused)` : `the host of ${baseUrl} is not known`);
    this.baseUrl = baseUrl;
    this.reason = reason;
  }
}

/** Node's fetch (undici) puts the socket's error code under `cause`, or under `cause.errors` when it tried several addresses. */
function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown; errors?: Array<{ code?: unknown }> } } | null)?.cause;
  const codes = [cause?.code, ...(cause?.errors ?? []).map((e) => e?.code)].filter((c): c is string => typeof c === "string");
  if (codes.includes("ECONNREFUSED")) return "ECONNREFUSED";
  return codes.find((c) => c === "ENOTFOUND" || c === "EAI_AGAIN");
}

/**
 * A fetch that remembers a refused connection and a sleep that, asked to wait before the client's
 * retry, throws instead: the client's retry loop sleeps between attempts, so the first refusal
 * ends the command.
 */
export function failFast(baseUrl: string, fetch: FetchLike, sleep: Sleep = defaultSleep): { fetch: FetchLike; sleep: Sleep } {
  let unreachable: ServerUnreachableError | undefined;
  return {
    fetch: async (request) => {
      try {
        const response = await fetch(request);
        unreachable = undefined;
        return response;
      } catch (error) {
        const code = networkCode(error);
        unreachable = code ? new ServerUnreachableError(baseUrl, code === "ECONNREFUSED" ? "refused" : "unknown_host") : undefined;
        throw error;
      }
    },
    sleep: (ms, signal) => (unreachable ? Promise.reject(unreachable) : sleep(ms, signal)),
  };
}
