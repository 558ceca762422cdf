/**
 * @module The API as the viewer's pages call it, on this origin, in one of two modes that share every
 * line but the credential:
 * - key mode (the evidence viewer, the open API): the key in the X-Api-Key header of each fetch,
 *   cookies omitted;
 * - session mode (the console's review screen, /api/console/v1): the session cookie the browser holds
 *   (same-origin), and the session's CSRF token in X-CSRF-Token on each request that changes something.
 * The key or token lives in this closure only (never in a URL, storage or the DOM), so closing or
 * reloading the tab forgets it.
 */

export class ApiFailure extends Error {
  /** @param {number} status @param {string} code @param {string} message */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** @param {Response} res */
async function failure(res) {
  let body = null;
  try {
    body = await res.json();
  } catch {
    // Not an error body (a proxy's page): the status says enough.
  }
  const code = typeof body?.code === "string" ? body.code : `HTTP_${res.status}`;
  const message = typeof body?.message === "string" ? body.message : res.statusText;
  return new ApiFailure(res.status, code, message);
}

const READS = new Set(["GET", "HEAD"]);

/**
 * @typedef {{ apiKey: string } | { csrfToken: string }} Credential
 * @param {string} base the API's path, e.g. /api/open/v1 or /api/console/v1
 * @param {Credential} credential
 */
function createApiClient(base, credential) {
  const byKey = "apiKey" in credential;
  /** @param {string} path @param {{ method?: string, json?: unknown }} [init] */
  async function call(path, { method = "GET", json } = {}) {
    const headers = {};
    if (byKey) headers["X-Api-Key"] = credential.apiKey;
    else if (!READS.has(method)) headers["X-CSRF-Token"] = credential.csrfToken;
    if (json !== undefined) headers["Content-Type"] = "application/json";
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      // A key needs no cookie; a session is nothing but its cookie, sent to this origin only.
      credentials: byKey ? "omit" : "same-origin",
      cache: "no-store",
      referrerPolicy: "no-referrer",
    });
    if (!res.ok) throw await failure(res);
    return res;
  }
  return {
    /** @param {string} path */
    json: async (path) => (await call(path)).json(),
    /** @param {string} path @returns {Promise<{bytes: ArrayBuffer, type: string}>} */
    file: async (path) => {
      const res = await call(path);
      return { bytes: await res.arrayBuffer(), type: res.headers.get("Content-Type") ?? "" };
    },
    /** @param {string} path @param {unknown} body the answer's JSON */
    put: async (path, body) => (await call(path, { method: "PUT", json: body })).json(),
  };
}

/** The open API with an API key (the evidence viewer). */
export const keyClient = (base, apiKey) => createApiClient(base, { apiKey });

/** The console's API with the signed-in session (the review screen). */
export const sessionClient = (base, csrfToken) => createApiClient(base, { csrfToken });
