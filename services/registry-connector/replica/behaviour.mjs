/**
 * @module How the replica behaves where the real registry is unknown (docs/registry-connector.md,
 * "Unknowns"): each a setting of the replica (startReplica({behaviour}), PUT /_replica/behaviour), so that
 * the connector and the probe are tested against every answer a registry might give.
 *
 *   sessions     "several" (an account holds many sessions) | "one-per-account" (a login spends the
 *                account's other tokens)
 *   expiryText   the fault text of a spent or expired token ("登录令牌已失效，请重新登录"; try "会话已超时")
 *   tokens       "normal" | "spent-at-once" (every token is refused as spent from its first call)
 *   tokenTtlMs   how long a token lives (30 minutes)
 *   login        "token" | "refused-as-text" (every login answered with a refusal's text in <return>, no fault)
 *   debtTypes    "any" (debttype is checked to be a code, then ignored) | "by-kind" (each subject is filed
 *                under one kind: an identity number a person, a name with 个体 or ending in 店 an individual
 *                business, any other name an organisation; other codes find nothing)
 *   codes        the registry's debttype codes: kind → code
 *   listing      "normal" | "two-xml" | "unknown-error" (<feedback> with totalrows 0 and an <errmsg>) |
 *                "capped" (the first `listingCap` registrations, totalrows the whole count)
 *   listingCap   3
 */

export const DEFAULT_BEHAVIOUR = Object.freeze({
  sessions: "several",
  expiryText: "登录令牌已失效，请重新登录",
  tokens: "normal",
  tokenTtlMs: 30 * 60_000,
  login: "token",
  debtTypes: "any",
  codes: Object.freeze({ organisation: "1000", person: "2000", "individual-business": "3000" }),
  listing: "normal",
  listingCap: 3,
});

const CHOICES = {
  sessions: ["several", "one-per-account"],
  tokens: ["normal", "spent-at-once"],
  login: ["token", "refused-as-text"],
  debtTypes: ["any", "by-kind"],
  listing: ["normal", "two-xml", "unknown-error", "capped"],
};

/**
 * `current` with `change` applied, or the first problem with it.
 * @returns {{ok: true, behaviour: typeof DEFAULT_BEHAVIOUR} | {ok: false, problem: string}}
 */
export function changedBehaviour(current, change) {
  if (typeof change !== "object" || change === null) return { ok: false, problem: "a behaviour is an object" };
  const next = { ...current };
  for (const [name, value] of Object.entries(change)) {
    if (!(name in DEFAULT_BEHAVIOUR)) return { ok: false, problem: `no behaviour ${name}` };
    if (CHOICES[name] && !CHOICES[name].includes(value)) return { ok: false, problem: `${name} is one of ${CHOICES[name].join(", ")}` };
    if (name === "expiryText" && (typeof value !== "string" || !value)) return { ok: false, problem: "expiryText is a text" };
    if ((name === "tokenTtlMs" || name === "listingCap") && !(Number.isInteger(value) && value >= 0))
      return { ok: false, problem: `${name} is a whole number` };
    if (name === "codes" && (typeof value !== "object" || Object.values(value ?? {}).some((c) => typeof c !== "string")))
      return { ok: false, problem: "codes maps kinds to codes" };
    next[name] = value;
  }
  return { ok: true, behaviour: next };
}

/** The kind the replica files a subject under (debtTypes "by-kind"). */
export function kindOfSubject(subject) {
  if (/^\d{17}[\dX]$/.test(subject)) return "person";
  return /个体|店$/.test(subject) ? "individual-business" : "organisation";
}
