/**
 * @module Every mapping between the registry's direct-connect answers and our gateway contract, in one
 * place, so that a maintainer who learns how the 2020 interface has changed edits a table, not code.
 * Each entry says whether it is certain (read in the registry's WSDLs and message models) or inferred
 * (docs/registry-connector.md, "Certain and inferred").
 */

/**
 * The subject's kind → the query's `debttype` and `confirm`: the one table (docs/registry-connector.md,
 * "Which debttype"). Certain: the client's sample queries an enterprise's name with debttype 1000 and
 * confirm false. Inferred: what the codes mean, and every code but 1000 (the registration interface's
 * debtor types are 01 financial institution, 02 enterprise, 03 public institution, 04 person, 06 individual
 * business, 09 other; the query's own codes are not published). If the kind selects what the registry
 * searches, a wrong code is a false "no registrations": so a subject is queried under every kind it may be
 * (SUBJECT_KINDS) and the lists merged. REGISTRY_DEBT_TYPES changes a code (`kind=code,…`; an empty code
 * stops querying that kind); `npm run connector:probe` shows what each code answers.
 */
export const DEBT_TYPES = {
  organisation: { debtType: "1000", confirm: "false" },
  "individual-business": { debtType: "3000", confirm: "false" },
  person: { debtType: "2000", confirm: "false" },
};

/**
 * Words an individual business's name may not hold: the naming rules for individual businesses
 * (个体工商户名称登记管理办法) forbid 企业, 公司 and 农民专业合作社 in them. A name with one is an organisation's.
 */
const ORGANISATION_WORDS = /公司|企业|合作社/;

/**
 * The kinds a subject may be, from its text (the open API admits an organisation's full name or an
 * 18-digit identity number): a name with ORGANISATION_WORDS is an organisation; any other name may be
 * filed as an organisation or as an individual business (个体工商户, whose trade name is a name); an
 * identity number as a person or an individual business's operator.
 */
export function kindsOfSubject(subject) {
  if (/^\d{17}[\dX]$/.test(subject)) return ["person", "individual-business"];
  return ORGANISATION_WORDS.test(subject) ? ["organisation"] : ["organisation", "individual-business"];
}

/** The distinct (debttype, confirm) queries for a subject under a table of DEBT_TYPES's shape. */
export function queriesForSubject(subject, table = DEBT_TYPES) {
  const queries = new Map();
  for (const kind of kindsOfSubject(subject)) {
    const entry = table[kind];
    if (entry?.debtType) queries.set(`${entry.debtType}\u0000${entry.confirm}`, { kind, debtType: entry.debtType, confirm: entry.confirm });
  }
  return [...queries.values()];
}

/**
 * The list's `registertype` codes. 01 = initial registration is inferred from samples; 02…05 follow the
 * order the registry's certificates name the kinds in (inferred). An unknown code is left out of
 * registerType and kept in the summary as registerTypeCode.
 */
export const REGISTER_TYPE_CODES = {
  "01": "initial",
  "02": "change",
  "03": "extension",
  "04": "cancellation",
  "05": "objection",
};

/**
 * What a fault's (or an error zip's) free text means. No error codes are published: these texts are
 * inferred, matched in order, first match wins; anything unmatched is a passing fault (transient).
 *   relogin       the login token is spent: log in again and repeat the call once
 *   refused       the login itself was refused: the deployment's account, password or auth code is wrong
 *   misconfigured the registry could not decrypt our parameters: REGISTRY_PUBLIC_KEY is wrong
 *   busy          the registry asks us to slow down
 *   quarantined   the subject's data may not be handed out
 *   unavailable   the registry cannot answer this at all (retrying will not help)
 *   missing       (files) the registration has no such file
 */
export const FAULT_OUTCOMES = [
  { pattern: /令牌.*(失效|过期|无效)|token.*(expired|invalid)|未登录|重新登录|登录.*(超时|过期|失效)/i, outcome: "relogin" },
  { pattern: /用户名|密码|授权码|账号|帐号|authcode|password/i, outcome: "refused" },
  { pattern: /解密|decrypt/i, outcome: "misconfigured" },
  { pattern: /繁忙|频繁|稍后|busy|too many/i, outcome: "busy" },
  { pattern: /隔离|冻结|quarantin/i, outcome: "quarantined" },
  { pattern: /不存在|未找到|无此|not found/i, outcome: "missing" },
  { pattern: /不可用|暂停|维护|unavailable/i, outcome: "unavailable" },
];

/** A list whose counts disagree (totalrows, each business type's rows, the results given) is cut short. */
export const TRUNCATED_LIST_OUTCOME = "unavailable";

/**
 * Outcome → the gateway contract's error code (docs/upstream-gateway.openapi.json) and the seconds to
 * wait it suggests. `relogin` only reaches here when the second login is spent too.
 */
export const OUTCOME_ERRORS = {
  relogin: { code: "TRANSIENT" },
  refused: { code: "TRANSIENT", retryAfterSeconds: 60 },
  misconfigured: { code: "TRANSIENT", retryAfterSeconds: 60 },
  busy: { code: "BUSY", retryAfterSeconds: 2 },
  quarantined: { code: "SOURCE_QUARANTINED" },
  unavailable: { code: "SOURCE_UNAVAILABLE" },
  missing: { code: "NOT_FOUND" },
  oversized: { code: "SOURCE_UNAVAILABLE" },
  // The registry did not answer within REGISTRY_TIMEOUT_MS, or the connector's deadline passed: asking again
  // at once would hold another session as long. The wait keeps the Worker from repeating it inside the call.
  slow: { code: "TRANSIENT", retryAfterSeconds: 30 },
  transient: { code: "TRANSIENT" },
};

/**
 * An answer the connector refuses to take (bounds.mjs, AnswerRefused) → its outcome. Beyond a bound
 * (too large, too many files) the same answer would come again: `oversized`, not retried. A CRC, a size
 * or an encoding that does not hold, or bytes that are not a zip, may be a damaged transfer: `transient`.
 * Never served, never an empty list.
 */
export const OUTCOME_OF_REFUSAL = { bounds: "oversized", integrity: "transient", format: "transient" };

/** The outcome of an AnswerRefused. */
export function outcomeOfRefusal(refused) {
  return OUTCOME_OF_REFUSAL[refused.kind] ?? "transient";
}

/** The outcome of a fault's text (FAULT_OUTCOMES); `transient` when no rule matches. */
export function outcomeOfFault(message) {
  return FAULT_OUTCOMES.find((rule) => rule.pattern.test(message ?? ""))?.outcome ?? "transient";
}

/** Attachment media types by file extension (the zip says nothing of types). */
export const MIME_TYPES = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  tif: "image/tiff",
  tiff: "image/tiff",
  bmp: "image/bmp",
  gif: "image/gif",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  txt: "text/plain",
  zip: "application/zip",
  rar: "application/vnd.rar",
};

export function mimeTypeOf(fileName) {
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return MIME_TYPES[extension] ?? "application/octet-stream";
}
