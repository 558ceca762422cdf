/**
 * @module One gateway call: bearer token, request id, a per-call timeout, and a few quick in-call
 * retries with jittered back-off for transient faults (5xx, dropped connections). Beyond those, or
 * after a timeout, it answers `transient` so the queue backs off; busy answers go straight back so the
 * step frees its upstream slot and waits (waiting_resource).
 */
import { newId } from "../../lib/ids";
import type { CallContext, UpstreamFailure } from "../types";
import { GATEWAY_HEADERS } from "./contract";
import { fail, failureOfResponse } from "./failures";

export interface TransportOptions {
  /** The gateway's base URL (UPSTREAM_URL); paths of the contract are appended. */
  url: string;
  /** The bearer token (UPSTREAM_TOKEN). */
  token: string;
  /** Quick retries inside one call for transient faults (default 2, so at most 3 requests). */
  retries?: number;
  /** First back-off step; each retry waits a random time up to base · 2^n (full jitter), at most 2 s. */
  retryBaseMs?: number;
  /** Extra headers on every request (a connector's tenant header, a test's fault switch). */
  headers?: Record<string, string>;
  /** Sends the request in place of the global fetch: the connector's container binding (connector-binding.ts). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface GatewayRequest {
  method: "GET" | "POST";
  path: string;
  /** A short name for logs: listing, certificate, attachments, attachment. */
  route: string;
  json?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
}

export type Exchange = { ok: true; response: Response; requestId: string } | (UpstreamFailure & { requestId: string });

const MAX_BACKOFF_MS = 2000;

export class GatewayTransport {
  private readonly base: string;

  constructor(private readonly options: TransportOptions) {
    this.base = options.url.replace(/\/+$/, "");
  }

  /**
   * Sends the request until it gets an answer worth returning. The timeout covers the whole exchange,
   * body included: a stalled file transfer is aborted and shows up as a broken stream to its reader.
   */
  async send(request: GatewayRequest, ctx: CallContext): Promise<Exchange> {
    const requestId = newId("req");
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(request.timeoutMs);
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, timeout]) : timeout;
      let failure: UpstreamFailure;
      let retryable = true;
      try {
        const outgoing = new Request(`${this.base}${request.path}`, {
          method: request.method,
          headers: this.headers(request, ctx, requestId),
          body: this.body(request),
          signal,
        });
        const response = await (this.options.fetch ?? fetch)(outgoing);
        if (response.ok) return { ok: true, response, requestId };
        failure = await failureOfResponse(response);
        if (response.status === 401 || response.status === 403) {
          retryable = false;
          logFault(request, requestId, `gateway refused the token (HTTP ${response.status}): check UPSTREAM_TOKEN`);
        } else if (failure.kind === "transient") logFault(request, requestId, `HTTP ${response.status}`);
      } catch (error) {
        // Our own timeout or the caller's abort: retrying now would only wait again.
        if (timeout.aborted || ctx.signal?.aborted) {
          logFault(request, requestId, `timed out after ${request.timeoutMs} ms`);
          return { ...fail("transient"), requestId };
        }
        logFault(request, requestId, `connection failed: ${error instanceof Error ? error.message : String(error)}`);
        failure = fail("transient");
      }
      retryable &&= failure.kind === "transient" && failure.retryAfterSeconds === undefined;
      if (!retryable || attempt >= retries || !(await pause(this.backoffMs(attempt), ctx.signal))) return { ...failure, requestId };
    }
  }

  private headers(request: GatewayRequest, ctx: CallContext, requestId: string): Headers {
    const headers = new Headers(this.options.headers);
    headers.set("Authorization", `Bearer ${this.options.token}`);
    headers.set(GATEWAY_HEADERS.requestId, requestId);
    headers.set(GATEWAY_HEADERS.attempt, String(ctx.attempt));
    // Content-Length and the claimed hash describe the bytes as sent: no transfer compression.
    headers.set("Accept-Encoding", "identity");
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    if (request.json !== undefined) headers.set("Content-Type", "application/json");
    return headers;
  }

  private body(request: GatewayRequest): string | undefined {
    return request.json === undefined ? undefined : JSON.stringify(request.json);
  }

  private backoffMs(attempt: number): number {
    const base = this.options.retryBaseMs ?? 200;
    return Math.random() * Math.min(MAX_BACKOFF_MS, base * 2 ** attempt);
  }
}

/** Waits; false when the caller aborted meanwhile. */
function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve(false)), { once: true });
  });
}

/** Faults are logged with the request id the gateway logged too; never the subject (personal data). */
function logFault(request: GatewayRequest, requestId: string, what: string): void {
  console.warn(`upstream gateway ${request.route} ${requestId}: ${what}`);
}
