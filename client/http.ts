/**
 * @module One HTTP exchange with the open API, retried the way open-api-v1.md asks: after a
 * timeout, a lost connection or a 503 the same request is sent again (same path, body and
 * Idempotency-Key); a 429 waits for Retry-After, then continues with the same intent; a 409
 * IDEMPOTENCY_IN_FLIGHT waits for the first request to finish. Nothing else is retried.
 */
import { RegistryApiError, RegistryNetworkError } from "./errors.ts";

/** `fetch`, or anything with its shape for a Request (e.g. a Worker's `exports.default.fetch`). */
export type FetchLike = (request: Request) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportOptions {
  /** The API key (X-Api-Key). */
  apiKey: string;
  /** The deployment's address, e.g. http://127.0.0.1:8787; `/api/open/v1` is added unless present. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Per attempt, until the response headers (and a JSON body) have arrived. Default 30 s. */
  timeoutMs?: number;
  /** Attempts per request, the first included. Default 6. */
  maxAttempts?: number;
  /** Delay before retry `n` (1-based) after a network failure or a 503 without Retry-After. */
  retryDelayMs?: (retry: number) => number;
  sleep?: Sleep;
}

export interface Exchange {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | readonly string[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export const DEFAULT_BASE_URL = "http://127.0.0.1:8787";
export const API_PREFIX = "/api/open/v1";

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** 1 s, 2 s, 4 s … at most 30 s. */
const exponential = (retry: number) => Math.min(30_000, 1000 * 2 ** (retry - 1));

/** Seconds from a Retry-After header (delta-seconds or an HTTP date, RFC 9110 §10.2.3). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export class Transport {
  readonly apiKey: string;
  readonly origin: string;
  readonly apiBase: string;
  readonly fetch: FetchLike;
  readonly timeoutMs: number;
  readonly maxAttempts: number;
  readonly retryDelayMs: (retry: number) => number;
  readonly sleep: Sleep;

  constructor(options: TransportOptions) {
    if (!options.apiKey) throw new TypeError("an API key is required");
    const base = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.apiBase = base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`;
    this.origin = new URL(this.apiBase).origin;
    this.apiKey = options.apiKey;
    this.fetch = options.fetch ?? ((request) => fetch(request));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 6);
    this.retryDelayMs = options.retryDelayMs ?? exponential;
    this.sleep = options.sleep ?? defaultSleep;
  }

  /** An API path (`/queries`) or a download path from a response (`/api/open/v1/documents/…`) as a URL. */
  url(path: string, query?: Exchange["query"]): URL {
    const url = path.startsWith(`${API_PREFIX}/`) ? new URL(path, this.origin) : new URL(`${this.apiBase}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.length > 0) url.searchParams.set(name, value.join(","));
      } else url.searchParams.set(name, String(value));
    }
    return url;
  }

  /** Sends until a final answer: a 2xx Response (body unread), or a thrown error. */
  async send(exchange: Exchange, readBody?: (response: Response) => Promise<unknown>): Promise<{ response: Response; body?: unknown }> {
    const url = this.url(exchange.path, exchange.query);
    const body = exchange.body === undefined ? undefined : JSON.stringify(exchange.body);
    let lastFailure: unknown;
    let backoffRetries = 0;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const headers = new Headers({ Accept: "application/json", "X-Api-Key": this.apiKey, ...exchange.headers });
      if (body !== undefined) headers.set("Content-Type", "application/json");
      if (exchange.idempotencyKey) headers.set("Idempotency-Key", exchange.idempotencyKey);
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(new DOMException("the request timed out", "TimeoutError")), this.timeoutMs);
      const signal = exchange.signal ? AbortSignal.any([exchange.signal, timeout.signal]) : timeout.signal;
      let response: Response;
      let parsed: unknown;
      try {
        response = await this.fetch(new Request(url, { method: exchange.method, headers, body, signal }));
        if (response.ok && readBody) parsed = await readBody(response);
      } catch (error) {
        clearTimeout(timer);
        if (exchange.signal?.aborted) throw exchange.signal.reason;
        lastFailure = error;
        if (attempt < this.maxAttempts) await this.sleep(this.retryDelayMs(++backoffRetries), exchange.signal);
        continue;
      }
      clearTimeout(timer);
      if (response.ok) return { response, body: parsed };

      const error = await this.toError(response, exchange.idempotencyKey);
      const wait = this.retryWait(error, () => ++backoffRetries);
      if (wait === undefined || attempt === this.maxAttempts) throw error;
      lastFailure = error;
      await this.sleep(wait, exchange.signal);
    }
    throw new RegistryNetworkError(
      `${exchange.method} ${url.origin}${url.pathname}: no answer after ${this.maxAttempts} attempts (${describe(lastFailure)})`,
      {
        cause: lastFailure,
        attempts: this.maxAttempts,
        ...(exchange.idempotencyKey ? { idempotencyKey: exchange.idempotencyKey } : {}),
      },
    );
  }

  /** JSON of a successful request. */
  async json<T>(exchange: Exchange): Promise<T> {
    const { body } = await this.send(exchange, (response) => response.json());
    return body as T;
  }

  /** Milliseconds to wait before sending the same request again, or undefined: do not retry. */
  private retryWait(error: RegistryApiError, nextBackoff: () => number): number | undefined {
    if (error.status === 429 || error.code === "IDEMPOTENCY_IN_FLIGHT") return (error.retryAfterSeconds ?? 1) * 1000;
    if (error.status === 503) return error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : this.retryDelayMs(nextBackoff());
    return undefined;
  }

  private async toError(response: Response, idempotencyKey: string | undefined): Promise<RegistryApiError> {
    const text = await response.text().catch(() => "");
    let parsed: { code?: unknown; message?: unknown; requestId?: unknown; details?: { fields?: unknown } } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not an error body (a proxy, a gateway): the status speaks for itself.
    }
    const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
    const requestId = typeof parsed.requestId === "string" ? parsed.requestId : (response.headers.get("X-Request-Id") ?? undefined);
    return new RegistryApiError({
      status: response.status,
      code: typeof parsed.code === "string" ? parsed.code : `HTTP_${response.status}`,
      message: typeof parsed.message === "string" ? parsed.message : `HTTP ${response.status} ${response.statusText}`.trim(),
      ...(requestId ? { requestId } : {}),
      ...(Array.isArray(parsed.details?.fields) ? { fields: parsed.details.fields as RegistryApiError["fields"] } : {}),
      ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
  }
}

function describe(error: unknown): string {
  if (error instanceof RegistryApiError) return `${error.status} ${error.code}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
