/**
 * @module The connector's settings, from the environment only (a container's env vars, wrangler
 * secrets, or a bank host's service manager), checked once at start: a missing or malformed value
 * stops the service with a sentence naming the variable, never echoing a value.
 *
 *   REGISTRY_QUERY_URL     base of the query services: required, no default (the registry's test base is
 *                          named explicitly when it is meant: TEST_QUERY_BASE in services.mjs)
 *   REGISTRY_USER, REGISTRY_PASSWORD, REGISTRY_AUTH_CODE   the institution's account and platformAuthCode (secrets)
 *   REGISTRY_PUBLIC_KEY    the registry's SM2 public key, uncompressed hex (04…): no default
 *   CONNECTOR_TOKEN        the bearer token the Worker sends (its UPSTREAM_TOKEN secret)
 *   CONNECTOR_SESSIONS     logged-in sessions at most (the Worker's UPSTREAM_SLOTS; 4)
 *   REGISTRY_TIMEOUT_MS    one SOAP call's timeout (60000: a 5 000-registration list is slow; time-budget.mjs)
 *   REGISTRY_MAX_ANSWER_BYTES, REGISTRY_MAX_ZIP_ENTRIES, REGISTRY_MAX_ENTRY_BYTES, REGISTRY_MAX_INFLATED_BYTES
 *                          what the connector takes from the registry (bounds.mjs)
 *   REGISTRY_DEBT_TYPES    the debttype of each kind of subject, `kind=code,…` over mappings.mjs's DEBT_TYPES
 *   REGISTRY_CONFIRM       the query's confirm for every kind (false)
 *   CONNECTOR_PORT (8791), CONNECTOR_HOST (127.0.0.1; 0.0.0.0 in a container)
 */
import { BOUND_VARIABLES, DEFAULT_BOUNDS } from "./bounds.mjs";
import { DEBT_TYPES } from "./mappings.mjs";
import { isPublicKey } from "./sm2-parameter.mjs";
import { DEFAULT_REGISTRY_TIMEOUT_MS } from "./time-budget.mjs";

export const DEFAULT_CONNECTOR_PORT = 8791;

/** @returns {{ok: true, settings: object} | {ok: false, problems: string[]}} */
export function readSettings(env) {
  const problems = [];
  const required = (name, about) => {
    const value = env[name];
    if (!value) problems.push(`${name} is required (${about})`);
    return value ?? "";
  };
  const whole = (name, fallback, min, max) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be a whole number from ${min} to ${max}`);
    return value;
  };
  // No default: an unset address must not quietly mean the registry's test services (or any other).
  const baseUrl = required("REGISTRY_QUERY_URL", "the base of the registry's query services, as the registry gave it");
  if (baseUrl && !/^https?:\/\/[^\s]+$/.test(baseUrl)) problems.push("REGISTRY_QUERY_URL must be an http(s) URL");
  const publicKey = required("REGISTRY_PUBLIC_KEY", "the registry's SM2 public key, 04 followed by 128 hex digits");
  if (publicKey && !isPublicKey(publicKey))
    problems.push("REGISTRY_PUBLIC_KEY is not an uncompressed SM2 public key on the curve (04 followed by 128 hex digits)");
  const settings = {
    baseUrl,
    publicKey,
    account: {
      userName: required("REGISTRY_USER", "the direct-connect account"),
      password: required("REGISTRY_PASSWORD", "the account's password"),
      platformAuthCode: required("REGISTRY_AUTH_CODE", "the platformAuthCode the registry issued"),
    },
    token: required("CONNECTOR_TOKEN", "the bearer token the Worker sends as UPSTREAM_TOKEN"),
    sessions: whole("CONNECTOR_SESSIONS", 4, 1, 64),
    timeoutMs: whole("REGISTRY_TIMEOUT_MS", DEFAULT_REGISTRY_TIMEOUT_MS, 1_000, 600_000),
    bounds: {
      maxAnswerBytes: whole(BOUND_VARIABLES.maxAnswerBytes, DEFAULT_BOUNDS.maxAnswerBytes, 1_024, 2 ** 31),
      maxZipEntries: whole(BOUND_VARIABLES.maxZipEntries, DEFAULT_BOUNDS.maxZipEntries, 1, 65_535),
      maxEntryBytes: whole(BOUND_VARIABLES.maxEntryBytes, DEFAULT_BOUNDS.maxEntryBytes, 1_024, 2 ** 31),
      maxInflatedBytes: whole(BOUND_VARIABLES.maxInflatedBytes, DEFAULT_BOUNDS.maxInflatedBytes, 1_024, 2 ** 31),
    },
    query: debtTypesOf(env, problems),
    port: whole("CONNECTOR_PORT", DEFAULT_CONNECTOR_PORT, 1, 65_535),
    host: env.CONNECTOR_HOST || "127.0.0.1",
  };
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings };
}

/**
 * DEBT_TYPES with REGISTRY_DEBT_TYPES's codes (`organisation=1000,person=2000`; `kind=` stops querying that
 * kind) and REGISTRY_CONFIRM's confirm applied.
 */
function debtTypesOf(env, problems) {
  const table = structuredClone(DEBT_TYPES);
  for (const item of (env.REGISTRY_DEBT_TYPES ?? "").split(",").filter((i) => i.trim())) {
    const [kind, code = ""] = item.split("=").map((part) => part.trim());
    if (!(kind in table) || !/^\d{0,10}$/.test(code))
      problems.push(`REGISTRY_DEBT_TYPES must be kind=code pairs (kinds: ${Object.keys(table).join(", ")}; codes: digits or empty)`);
    else table[kind].debtType = code;
  }
  const confirm = env.REGISTRY_CONFIRM;
  if (confirm !== undefined && confirm !== "" && confirm !== "true" && confirm !== "false") problems.push("REGISTRY_CONFIRM must be true or false");
  else if (confirm) for (const entry of Object.values(table)) entry.confirm = confirm;
  return table;
}
