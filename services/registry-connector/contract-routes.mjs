/**
 * @module The gateway contract's routes (docs/upstream-gateway.openapi.json), read from a request's method
 * and path: one reading for every server of the contract, the connector and the gateway stub alike.
 * Reading never throws: a path parameter that is not valid percent-encoding is null, for the server to
 * answer 400 after it has checked the token (a malformed path is the caller's mistake, not a fault).
 */

/** A path segment decoded; null when it is not valid percent-encoding (RFC 3986 §2.1, UTF-8). */
function decodedSegment(raw) {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * Which contract route a request is, with its parameters (null where malformed); null when it is none.
 * @returns {{route: "listing"} | {route: "certificate" | "attachments", certificateNumber: string | null}
 *   | {route: "attachment", certificateNumber: string | null, fileName: string | null} | null}
 */
export function routeOf(method, path) {
  if (method === "POST" && path === "/v1/listings") return { route: "listing" };
  const m = /^\/v1\/registrations\/([^/]+)\/(certificate|attachments)(?:\/([^/]+))?$/.exec(path);
  if (!m || method !== "GET") return null;
  const certificateNumber = decodedSegment(m[1]);
  if (m[2] === "certificate") return m[3] === undefined ? { route: "certificate", certificateNumber } : null;
  return m[3] === undefined
    ? { route: "attachments", certificateNumber }
    : { route: "attachment", certificateNumber, fileName: decodedSegment(m[3]) };
}
