/**
 * @module The deployment's configuration: every variable and secret the Worker reads, described once
 * (rule, default, what it is for) and checked once per isolate. A malformed value, or a value a
 * setting needs that is missing, stops the Worker with an error naming the variable (at start-up in
 * worker/index.ts; at the first request or message for an env built otherwise). Values are never
 * echoed, so a secret cannot leak into a log. Code reads `readConfig(env)`, never the raw strings.
 *
 * Unset and empty mean the same: wrangler vars are strings, and `OCR_URL = ""` is how a deployment
 * says "no OCR". Either one takes the default written in VARIABLES below, the one place defaults
 * live (wrangler.toml's [vars] are the values a deployment runs with, not fallbacks).
 */
import { z } from "zod";
import { DEFAULT_REGISTRY_TIMEOUT_MS, workerTimeoutFloorMs } from "../services/registry-connector/time-budget.mjs";
import type { OcrConfig } from "./ocr/transport";
import { DEFAULT_FILE_TIMEOUT_MS, DEFAULT_LIST_TIMEOUT_MS } from "./upstream/http/adapter";

interface Variable<T> {
  /** Parses a value that is present and not empty. */
  schema: z.ZodType<T>;
  /** What a valid value looks like, in the words of the error. */
  rule: string;
  /** Used when unset or empty; without one, an unset variable is null (the feature is off). */
  fallback?: T;
  about: string;
}

function wholeNumber(about: string, min: number, max: number, fallback: number): Variable<number> & { fallback: number } {
  return {
    schema: z.string().regex(/^\d+$/).transform(Number).pipe(z.number().min(min).max(max)),
    rule: `must be a whole number from ${min} to ${max}`,
    fallback,
    about,
  };
}

function httpUrl(about: string): Variable<string> {
  return {
    // A trailing slash would double the path separator when the client appends its paths.
    schema: z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
    rule: "must be an absolute http(s) URL",
    about,
  };
}

function secret(about: string): Variable<string> {
  return { schema: z.string(), rule: "must be a string", about };
}

/** A 256-bit key in base64 (`openssl rand -base64 32`). */
function aesKey(about: string): Variable<string> {
  return {
    schema: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/]{43}=$/),
    rule: "must be 32 bytes in base64 (openssl rand -base64 32)",
    about,
  };
}

/** Every variable and secret, in the order a reader of wrangler.toml meets them. */
export const VARIABLES = {
  UPSTREAM: {
    schema: z.enum(["sandbox", "http"]),
    rule: 'must be "sandbox" or "http"',
    fallback: "sandbox",
    about: "sandbox: the deterministic local registry; http: a registry gateway (UPSTREAM_URL, UPSTREAM_TOKEN).",
  } satisfies Variable<"sandbox" | "http">,
  UPSTREAM_URL: httpUrl("The registry gateway's base URL; required when UPSTREAM is http (docs/upstream-gateway.md)."),
  UPSTREAM_TOKEN: secret("The registry gateway's bearer token; required when UPSTREAM is http."),
  UPSTREAM_SLOTS: wholeNumber("Concurrent upstream sessions the UpstreamPool hands out.", 1, 1_000, 4),
  UPSTREAM_LIST_TIMEOUT_MS: wholeNumber(
    "How long the http upstream waits for a listing, answer included (ms): longer than the connector can take (docs/registry-connector.md, time budget).",
    1_000,
    900_000,
    DEFAULT_LIST_TIMEOUT_MS,
  ),
  UPSTREAM_FILE_TIMEOUT_MS: wholeNumber(
    "How long the http upstream waits for a file, body included (ms): longer than the connector can take (docs/registry-connector.md, time budget).",
    1_000,
    900_000,
    DEFAULT_FILE_TIMEOUT_MS,
  ),
  REGISTRY_TIMEOUT_MS: wholeNumber(
    "The registry connector's timeout for one registry call (ms): handed to its container, and what the upstream timeouts are checked against.",
    1_000,
    600_000,
    DEFAULT_REGISTRY_TIMEOUT_MS,
  ),
  CHECK_SLICE: wholeNumber(
    "Registrations a check matches per queue message: bounds one invocation's R2 reads, D1 writes and CPU whatever the subject's size (规模5000 is 25 messages); tests set it small so every check crosses slices.",
    1,
    5_000,
    200,
  ),
  CHECK_CHUNK: wholeNumber(
    "Registrations a check slice holds before it writes their results and evidence (sooner when they carry 1,000 evidence rows, queues/check/chunked-writes.ts): bounds a slice's memory whatever its hits; tests set it to 1 so every slice writes in several chunks.",
    1,
    5_000,
    50,
  ),
  PASSING_FAULT_BOUND_S: wholeNumber(
    "How long a pipeline step that keeps failing with a passing fault (a 5xx, a timeout, a broken transfer, an OCR service that is down) is retried, from its first failure, before its document ends with a coverage issue (s; queues/retry-policy.ts).",
    1,
    3_600,
    300,
  ),
  SANDBOX_SLOW_MS: wholeNumber("How long every upstream call of a 慢 sandbox subject takes (ms).", 0, 60_000, 1_000),
  AUTH_CACHE_MS: wholeNumber(
    "How long an isolate may answer from its cache of API keys (ms); 0 turns the cache off (auth/key-cache.ts).",
    0,
    3_600_000,
    5_000,
  ),
  SHARDS: wholeNumber(
    "How many shard D1s hold the accounts' data (docs/capacity.md section 3): bindings SHARD_0 … SHARD_{n-1}, each of which must exist (checkShardBindings).",
    1,
    5_000,
    1,
  ),
  ADMIN_TOKEN: secret("The management API's bearer token; unset, the whole management API answers 404."),
  CONSOLE_SECRET_KEY: aesKey(
    "The key that seals the console users' TOTP secrets in D1 (AES-256-GCM, worker/console/auth/secret-box.ts); unset, enrolling or using a second factor answers 503.",
  ),
  CONSOLE_SECRET_KEY_PREVIOUS: aesKey(
    "During a rotation of CONSOLE_SECRET_KEY, the key it replaces: secrets sealed under it still open and are sealed again under the new one at their next use (docs/operations.md).",
  ),
  INVITE_EMAIL_FROM: {
    schema: z
      .string()
      .trim()
      .regex(/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/),
    rule: "must be an email address",
    about:
      "The sender of invitation emails. With it and a send_email binding named INVITE_EMAIL, an invitation made in the console goes to the invited address by email (proving it) instead of to the inviter (worker/services/invitation-mail.ts).",
  } satisfies Variable<string>,
  OCR_URL: httpUrl(
    "The OCR service that reads scanned attachments, over HTTP (docs/ocr.md; npm start's sidecar); unset and no OCR container binding, images stay unread.",
  ),
  OCR_TOKEN: secret("The OCR service's bearer token, when it asks for one (OCR_URL only: the container needs none)."),
  OCR_INSTANCES: wholeNumber(
    "How many OCR container instances (Durable Objects of the OCR binding) requests are spread over: at most the [[containers]] max_instances (npm run deploy -- --dry-run checks).",
    1,
    1_000,
    1,
  ),
} as const;

/** The binding of the OCR container (durable-objects/ocr-container.ts), when the deployment has one. */
export const OCR_BINDING = "OCR";

export type VariableName = keyof typeof VARIABLES;

export interface Config {
  upstream: { kind: "sandbox"; slowCallMs: number } | { kind: "http"; url: string; token: string; listTimeoutMs: number; fileTimeoutMs: number };
  upstreamSlots: number;
  checkSlice: number;
  checkChunk: number;
  /** PASSING_FAULT_BOUND_S in ms: how long a failing step is retried before it ends as a coverage issue. */
  passingFaultBoundMs: number;
  authCacheMs: number;
  /** Shard D1 bindings SHARD_0 … SHARD_{shards-1} (worker/db/shards.ts). */
  shards: number;
  /** null: no management API. */
  adminToken: string | null;
  /** null: no OCR service configured. */
  ocr: OcrConfig | null;
  /** Base64 AES-256 keys sealing TOTP secrets; null: no second factor can be enrolled or checked. */
  consoleSecretKeys: { current: string; previous: string | null } | null;
  /** The sender of invitation emails (with the INVITE_EMAIL binding); null: invitation links go to the inviter. */
  inviteEmailFrom: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`Configuration: ${problems.map(({ variable, problem }) => `${variable} ${problem}`).join("; ")}.`);
    this.name = "ConfigError";
  }
}

interface Problem {
  variable: VariableName;
  problem: string;
}

type Output<Name extends VariableName> = z.output<(typeof VARIABLES)[Name]["schema"]>;
/** A variable with a fallback always has a value; one without is null when unset. */
type Values = { [Name in VariableName]: (typeof VARIABLES)[Name] extends { fallback: unknown } ? Output<Name> : Output<Name> | null };

/** Checks every variable; throws a ConfigError that lists each problem by name (values never shown). */
export function parseConfig(env: { readonly [Name in VariableName | typeof OCR_BINDING]?: unknown }): Config {
  const problems: Problem[] = [];
  const values: Partial<Record<VariableName, unknown>> = {};
  for (const name of Object.keys(VARIABLES) as VariableName[]) {
    const variable: Variable<unknown> = VARIABLES[name];
    const raw = env[name];
    if (raw === undefined || raw === "") values[name] = variable.fallback ?? null;
    else {
      const parsed = variable.schema.safeParse(raw);
      if (parsed.success) values[name] = parsed.data;
      else problems.push({ variable: name, problem: variable.rule });
    }
  }
  // Every entry was set above, each by its own variable's schema or fallback.
  const v = values as Values;
  const upstream = problems.length === 0 ? upstreamOf(v, problems) : undefined;
  const ocr = problems.length === 0 ? ocrOf(v, env[OCR_BINDING], problems) : undefined;
  if (!upstream || ocr === undefined) throw new ConfigError(problems);
  return {
    upstream,
    upstreamSlots: v.UPSTREAM_SLOTS,
    checkSlice: v.CHECK_SLICE,
    checkChunk: v.CHECK_CHUNK,
    passingFaultBoundMs: v.PASSING_FAULT_BOUND_S * 1000,
    authCacheMs: v.AUTH_CACHE_MS,
    shards: v.SHARDS,
    adminToken: v.ADMIN_TOKEN,
    ocr,
    consoleSecretKeys: v.CONSOLE_SECRET_KEY === null ? null : { current: v.CONSOLE_SECRET_KEY, previous: v.CONSOLE_SECRET_KEY_PREVIOUS },
    inviteEmailFrom: v.INVITE_EMAIL_FROM,
  };
}

/**
 * Where OCR is: the container binding (production), or OCR_URL (npm start, or a service run elsewhere),
 * or nowhere (null). Both at once is refused: which one a deployment reads must not be a guess.
 */
function ocrOf(v: Values, binding: unknown, problems: Problem[]): OcrConfig | null | undefined {
  const namespace = isNamespace(binding) ? binding : null;
  if (namespace && v.OCR_URL !== null) {
    problems.push({
      variable: "OCR_URL",
      problem: `must be empty when the ${OCR_BINDING} container binding is bound (the Worker reaches OCR through it)`,
    });
    return undefined;
  }
  if (namespace) return { via: "container", namespace, instances: v.OCR_INSTANCES };
  if (v.OCR_URL === null) return null;
  return v.OCR_TOKEN ? { via: "http", url: v.OCR_URL, token: v.OCR_TOKEN } : { via: "http", url: v.OCR_URL };
}

function isNamespace(binding: unknown): binding is DurableObjectNamespace {
  return typeof binding === "object" && binding !== null && "idFromName" in binding && "get" in binding;
}

/** The upstream adapter's settings; undefined (with the problems said) when http lacks what it needs. */
function upstreamOf(v: Values, problems: Problem[]): Config["upstream"] | undefined {
  if (v.UPSTREAM === "sandbox") return { kind: "sandbox", slowCallMs: v.SANDBOX_SLOW_MS };
  if (v.UPSTREAM_URL === null) problems.push({ variable: "UPSTREAM_URL", problem: "is required when UPSTREAM is http" });
  if (v.UPSTREAM_TOKEN === null)
    problems.push({ variable: "UPSTREAM_TOKEN", problem: "is required when UPSTREAM is http (wrangler secret put UPSTREAM_TOKEN)" });
  // One time budget: the Worker gives up only after the connector has answered (services/registry-connector/time-budget.mjs).
  const floorMs = workerTimeoutFloorMs(v.REGISTRY_TIMEOUT_MS);
  for (const name of ["UPSTREAM_LIST_TIMEOUT_MS", "UPSTREAM_FILE_TIMEOUT_MS"] as const) {
    if (v[name] < floorMs)
      problems.push({
        variable: name,
        problem: `must be at least ${floorMs} ms: the connector answers within two REGISTRY_TIMEOUT_MS and a session's wait, and the answer must still travel`,
      });
  }
  if (v.UPSTREAM_URL === null || v.UPSTREAM_TOKEN === null || problems.length > 0) return undefined;
  return {
    kind: "http",
    url: v.UPSTREAM_URL,
    token: v.UPSTREAM_TOKEN,
    listTimeoutMs: v.UPSTREAM_LIST_TIMEOUT_MS,
    fileTimeoutMs: v.UPSTREAM_FILE_TIMEOUT_MS,
  };
}

/** The binding name of shard `index`. */
export function shardBindingName(index: number): string {
  return `SHARD_${index}`;
}

/**
 * Every shard binding SHARDS names exists (a D1 binding: it prepares statements); throws a ConfigError
 * naming the first missing one. Apart from parseConfig because it asks about bindings, not values: the
 * Worker runs it at start-up (worker/index.ts); worker/db/shards.ts asks for one shard at a time (shardBinding).
 */
export function checkShardBindings(env: object, shards: number): void {
  for (let index = 0; index < shards; index++) shardBinding(env, index, shards);
}

/** The D1 binding of shard `index`; a ConfigError naming it when the Worker has no such D1 binding. */
export function shardBinding(env: object, index: number, shards: number = index + 1): D1Database {
  const name = shardBindingName(index);
  const binding = (env as Record<string, unknown>)[name];
  if (typeof binding !== "object" || binding === null || !("prepare" in binding)) {
    throw new ConfigError([
      {
        variable: "SHARDS",
        problem: `is ${shards}, but ${name} is not a D1 binding (wrangler.toml [[d1_databases]]: node scripts/shard-bindings.mjs)`,
      },
    ]);
  }
  return binding as D1Database;
}

/** One parse per env object: an isolate keeps its env for life, and tests that build their own get theirs. */
const parsed = new WeakMap<object, Config>();

export function readConfig(env: Env): Config {
  let config = parsed.get(env);
  if (!config) {
    config = parseConfig(env);
    parsed.set(env, config);
  }
  return config;
}
