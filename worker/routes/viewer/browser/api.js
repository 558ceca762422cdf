/**
 * @module The open API as the viewer calls it: same origin, the key in the X-Api-Key header of each
 * fetch and nowhere else. The key lives in this closure only (never in a URL, storage or the DOM), so
 * closing or reloading the tab forgets it.
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

/**
 * @param {string} base the open API's path, e.g. /api/open/v1
 * @param {string} key
 */
export function createApiClient(base, key) {
  /** @param {string} path */
  async function call(path) {
    const res = await fetch(`${base}${path}`, {
      headers: { "X-Api-Key": key },
      credentials: "omit",
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
  };
}
