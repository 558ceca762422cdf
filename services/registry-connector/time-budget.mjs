/**
 * @module One time budget from the registry to the Worker (docs/registry-connector.md, "Bounds and
 * time budget"): the registry answers within REGISTRY_TIMEOUT_MS or the call is given up; the connector
 * answers every contract request within its deadline (a session's wait, the registry's call, one
 * re-login and the call's repeat); the Worker waits longer than that deadline plus the answer's
 * transfer. Written once here: the connector enforces its deadline with it, and the Worker's
 * configuration (worker/config.ts) refuses timeouts that would give up before the connector has answered.
 */

/** One SOAP call's timeout when REGISTRY_TIMEOUT_MS is unset: a 5 000-registration list is slow. */
export const DEFAULT_REGISTRY_TIMEOUT_MS = 60_000;
/** How long a call waits for a session when every one is busy, then answers BUSY. */
export const SESSION_WAIT_MS = 10_000;
/** Room for the answer to travel from the connector to the Worker, above the connector's deadline. */
export const TRANSFER_MARGIN_MS = 10_000;

/**
 * The longest the connector takes to answer one contract request: waiting for a session, then two
 * registry timeouts: the call, and one re-login with the call's repeat (a spent token is said at once,
 * so the two share the second). Past it, the connector answers TRANSIENT.
 * @param {{timeoutMs: number, waitForSessionMs?: number}} settings
 */
export function connectorDeadlineMs({ timeoutMs, waitForSessionMs = SESSION_WAIT_MS }) {
  return waitForSessionMs + 2 * timeoutMs;
}

/** The least the Worker may wait for a listing or a file from a connector whose REGISTRY_TIMEOUT_MS is this. */
export function workerTimeoutFloorMs(registryTimeoutMs) {
  return connectorDeadlineMs({ timeoutMs: registryTimeoutMs }) + TRANSFER_MARGIN_MS;
}

/**
 * The result of `work`, or `late()` when it has not settled within `ms` (the work goes on and its
 * result is dropped: the session it holds comes back when the registry's own timeout ends it).
 * @template T
 * @param {Promise<T>} work
 * @param {number} ms
 * @param {() => T} late
 * @returns {Promise<T>}
 */
export function withinDeadline(work, ms, late) {
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(() => resolve(late()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
