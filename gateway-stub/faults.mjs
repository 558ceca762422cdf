/**
 * Faults the gateway stub can play, switched per request (header `X-Stub-Fault`) or by rule
 * (`POST /_stub/faults`, matched on subject and route, for a number of requests).
 *
 * A fault spec is `name[=value]` items joined by `;`, e.g. `status=503;retry-after=3`:
 *   slow=MS           answer MS milliseconds late
 *   timeout           never answer (until the client gives up)
 *   reset             drop the connection without an answer
 *   error=STATUS      a contract error body {code: TRANSIENT} with that status (default 503)
 *   status=STATUS     a bare status with a plain-text body (a proxy's answer), optional retry-after=S
 *   busy=S            429 {code: BUSY} with Retry-After: S
 *   unavailable       422 {code: SOURCE_UNAVAILABLE}
 *   quarantined       451 {code: SOURCE_QUARANTINED}
 *   incomplete        (listing) complete: false
 *   hash-mismatch     (file) X-Content-SHA256 of other bytes
 *   digest            (file) the hash as an RFC 9530 Repr-Digest only
 *   truncate          (file) announce the full length, send half, drop the connection
 *   stall             (file) announce the full length, send half, then nothing more
 */

/** @returns {Map<string, string>} */
export function parseFault(spec) {
  const fault = new Map();
  for (const item of String(spec ?? "").split(";")) {
    const [name, ...rest] = item.trim().split("=");
    if (name) fault.set(name.trim().toLowerCase(), rest.join("=").trim());
  }
  return fault;
}

export class FaultRules {
  #rules = [];
  #next = 1;

  /** @param {{subject?: string, route?: string, fault: string, times?: number}} rule */
  add(rule) {
    if (typeof rule?.fault !== "string" || !rule.fault) throw new Error("a rule needs a fault");
    const id = this.#next++;
    this.#rules.push({ id, subject: rule.subject ?? null, route: rule.route ?? null, fault: rule.fault, remaining: rule.times ?? Infinity });
    return id;
  }

  clear() {
    this.#rules = [];
  }

  /** The first rule matching this request, used up by one. */
  take(subject, route) {
    const rule = this.#rules.find((r) => (r.subject === null || r.subject === subject) && (r.route === null || r.route === route));
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.#rules = this.#rules.filter((r) => r !== rule);
    return rule.fault;
  }
}
