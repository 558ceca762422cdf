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

export { FaultRules, parseFault } from "../services/registry-connector/replica/fault-rules.mjs";
