/**
 * @module The console's JSON as every page's script calls it: same origin, the session cookie sent by
 * the browser (HttpOnly: no script reads it), and on every request that changes something the
 * X-CSRF-Token header from <meta name="csrf-token"> (rendered by the server from the session). Errors
 * become ApiProblem, shown in the reader's language with the words the page rendered into
 * #console-text (`text`). A 401 UNAUTHENTICATED (the session ended) sends the reader to sign in.
 *
 * Exports: api(method, path, body?, headers?), ApiProblem, text(key, values?), problemText(problem),
 * showProblem(element, problem), say(message), busy(button, promise).
 */

export class ApiProblem extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {number | null} retryAfter seconds, from Retry-After
   * @param {Array<{ path: string, message: string }>} [fields] a VALIDATION_FAILED body's fields
   */
  constructor(status, code, message, retryAfter, fields = []) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
    this.fields = fields;
  }
}

const base = document.documentElement.dataset.api ?? "/api/console/v1";

function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute("content") ?? "";
}

/** @param {Response} res */
async function problemOf(res) {
  let body = null;
  try {
    body = await res.json();
  } catch {
    // Not an error body (a proxy's page): the status says enough.
  }
  const retry = Number(res.headers.get("Retry-After"));
  return new ApiProblem(
    res.status,
    typeof body?.code === "string" ? body.code : `HTTP_${res.status}`,
    typeof body?.message === "string" ? body.message : res.statusText,
    Number.isFinite(retry) && retry > 0 ? retry : null,
    Array.isArray(body?.details?.fields) ? body.details.fields : [],
  );
}

/**
 * @param {"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} method
 * @param {string} path under the console's JSON, e.g. "/keys"
 * @param {unknown} [body] sent as JSON
 * @param {Record<string, string>} [extraHeaders] e.g. Idempotency-Key
 * @returns {Promise<any>} the parsed body, or null for 204
 */
export async function api(method, path, body, extraHeaders = {}) {
  /** @type {Record<string, string>} */
  const headers = { ...extraHeaders, Accept: "application/json" };
  if (method !== "GET") headers["X-CSRF-Token"] = csrfToken();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiProblem(0, "NETWORK", "network", null);
  }
  if (!res.ok) {
    const problem = await problemOf(res);
    if (problem.status === 401 && problem.code === "UNAUTHENTICATED" && csrfToken()) {
      const next = encodeURIComponent(location.pathname + location.search);
      location.assign(`/console/sign-in?next=${next}`);
    }
    throw problem;
  }
  return res.status === 204 ? null : res.json();
}

/**
 * A word the server rendered for this page's scripts, `{name}` placeholders filled.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function text(key, values = {}) {
  const found = document.querySelector(`#console-text [data-key="${CSS.escape(key)}"]`)?.textContent ?? key;
  return found.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** @param {unknown} problem */
export function problemText(problem) {
  if (!(problem instanceof ApiProblem)) return text("error.generic", { code: "?" });
  if (problem.code === "NETWORK") return text("error.network");
  if (problem.code === "RATE_LIMITED" || problem.status === 429) return text("error.RATE_LIMITED", { seconds: problem.retryAfter ?? 60 });
  const specific = document.querySelector(`#console-text [data-key="error.${CSS.escape(problem.code)}"]`);
  return specific ? text(`error.${problem.code}`) : text("error.generic", { code: problem.code });
}

/**
 * @param {HTMLElement} element a role=alert paragraph
 * @param {unknown} problem
 */
export function showProblem(element, problem) {
  element.textContent = problemText(problem);
  element.hidden = false;
}

/** A message in the page's live region (#console-status). @param {string} message */
export function say(message) {
  const status = document.getElementById("console-status");
  if (status) status.textContent = message;
}

/**
 * Disables the button while the work runs, so a double click sends once.
 * @template T
 * @param {HTMLButtonElement | null} button
 * @param {Promise<T>} work
 * @returns {Promise<T>}
 */
export async function busy(button, work) {
  if (button) button.disabled = true;
  try {
    return await work;
  } finally {
    if (button) button.disabled = false;
  }
}
