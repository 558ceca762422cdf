/**
 * @module The connector's settings, from the environment only (a container's env vars, wrangler
 * secrets, or a bank host's service manager), checked once at start: a missing or malformed value
 * stops the service with a sentence naming the variable, never echoing a value.
 *
 *   REGISTRY_QUERY_URL     base of the query services (the WSDLs' test base unless set)
 *   REGISTRY_USER, REGISTRY_PASSWORD, REGISTRY_AUTH_CODE   the institution's account and platformAuthCode (secrets)
 *   REGISTRY_PUBLIC_KEY    the registry's SM2 public key, uncompressed hex (04…): no default
 *   CONNECTOR_TOKEN        the bearer token the Worker sends (its UPSTREAM_TOKEN secret)
 *   CONNECTOR_SESSIONS     logged-in sessions at most (the Worker's UPSTREAM_SLOTS; 4)
 *   REGISTRY_TIMEOUT_MS    one SOAP call's timeout (60000: a 5 000-registration list is slow)
 *   REGISTRY_DEBT_TYPES    the debttype of each kind of subject, `kind=code,…` over mappings.mjs's DEBT_TYPES
 *   REGISTRY_CONFIRM       the query's confirm for every kind (false)
 *   CONNECTOR_PORT (8791), CONNECTOR_HOST (127.0.0.1; 0.0.0.0 in a container)
 */
import { DEBT_TYPES } from "./mappings.mjs";
import { TEST_QUERY_BASE } from "./services.mjs";
import { isPublicKey } from "./sm2-parameter.mjs";

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
  const baseUrl = env.REGISTRY_QUERY_URL || TEST_QUERY_BASE;
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) problems.push("REGISTRY_QUERY_URL must be an http(s) URL");
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
    timeoutMs: whole("REGISTRY_TIMEOUT_MS", 60_000, 1_000, 600_000),
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

/**
 * A log function that can never print a secret: every configured secret is blanked out of each line
 * before it is written (the code logs no values anyway; this holds if a registry fault echoes one).
 */
export function secretSafeLog(settings, write = (line) => console.log(line)) {
  const { userName, password, platformAuthCode } = settings.account;
  const secrets = [password, platformAuthCode, userName, settings.token].filter((s) => s && s.length >= 4);
  return (line) => {
    let out = line;
    for (const secret of secrets) out = out.split(secret).join("[secret]");
    write(`${new Date().toISOString()} ${out}`);
  };
}
