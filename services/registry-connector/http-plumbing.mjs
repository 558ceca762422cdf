/**
 * @module The HTTP plumbing every Node server of the gateway contract shares (the connector, the gateway
 * stub, the replica): JSON answers, bounded request bodies, the bearer check in constant time, the
 * contract's error body, and listening/closing. It lives beside the connector because the connector's
 * image holds only this folder; the gateway stub imports it from here, never the other way round.
 */
import { timingSafeEqual } from "node:crypto";

export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

/**
 * The gateway contract's error body (docs/upstream-gateway.openapi.json, GatewayError), with Retry-After
 * in both the header and the body when there is one.
 */
export function sendContractError(res, status, { code, message, requestId, retryAfterSeconds }) {
  const headers = requestId ? { "X-Request-Id": requestId } : {};
  const body = { code, message, ...(requestId ? { requestId } : {}) };
  if (retryAfterSeconds !== undefined) {
    body.retryAfterSeconds = retryAfterSeconds;
    headers["Retry-After"] = String(retryAfterSeconds);
  }
  sendJson(res, status, body, headers);
}

/** The request's body as text, or null once it passes `limit` bytes (the rest is not read into memory). */
export async function readBody(req, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A check of `Authorization: Bearer <token>` in constant time. */
export function bearerCheck(token) {
  const expected = Buffer.from(`Bearer ${token}`);
  return (req) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/**
 * Listens on host:port (0: any free port); resolves when it does.
 * @param {import("node:http").Server} server
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function listen(server, port, host) {
  await new Promise((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  const bound = server.address().port;
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
