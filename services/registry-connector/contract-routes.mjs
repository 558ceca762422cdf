/**
 * @module The gateway contract's routes (docs/upstream-gateway.openapi.json), read from a request's method
 * and path: one reading for every server of the contract, the connector and the gateway stub alike.
 */

/** Which contract route a request is, with its parameters; null when it is none. */
export function routeOf(method, path) {
  if (method === "POST" && path === "/v1/listings") return { route: "listing" };
  const m = /^\/v1\/registrations\/([^/]+)\/(certificate|attachments)(?:\/([^/]+))?$/.exec(path);
  if (!m || method !== "GET") return null;
  const certificateNumber = decodeURIComponent(m[1]);
  if (m[2] === "certificate") return m[3] === undefined ? { route: "certificate", certificateNumber } : null;
  return m[3] === undefined
    ? { route: "attachments", certificateNumber }
    : { route: "attachment", certificateNumber, fileName: decodeURIComponent(m[3]) };
}
