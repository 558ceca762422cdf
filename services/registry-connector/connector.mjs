/**
 * @module The connector assembled from its settings: the registry client and the contract server.
 * main.mjs runs it from the environment; scripts/start-direct.mjs and the tests run it in-process.
 */
import { listen } from "./http-plumbing.mjs";
import { DEFAULT_BOUNDS } from "./bounds.mjs";
import { Redactor } from "./redactor.mjs";
import { RegistryClient } from "./registry-client.mjs";
import { createConnectorServer } from "./server.mjs";
import { connectorDeadlineMs, SESSION_WAIT_MS } from "./time-budget.mjs";

/**
 * Starts listening; resolves when it does.
 * @param {object} settings readSettings(env).settings, or the same shape
 * @param {{write?: (line: string) => void}} [options] where log lines go (console.log)
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function startConnector(settings, { write } = {}) {
  // Every line the connector writes passes this one redactor (the client's, the server's, the sessions').
  const redactor = new Redactor(settings);
  const log = redactor.logger(write);
  const bounds = { ...DEFAULT_BOUNDS, ...settings.bounds };
  const waitForSessionMs = settings.waitForSessionMs ?? SESSION_WAIT_MS;
  const client = new RegistryClient({
    baseUrl: settings.baseUrl,
    account: settings.account,
    publicKey: settings.publicKey,
    sessions: settings.sessions,
    timeoutMs: settings.timeoutMs,
    waitForSessionMs,
    refusedCooldownMs: settings.refusedCooldownMs,
    loginBackoffMs: settings.loginBackoffMs,
    maxAnswerBytes: bounds.maxAnswerBytes,
    log,
    redactor,
  });
  const deadlineMs = connectorDeadlineMs({ timeoutMs: settings.timeoutMs, waitForSessionMs });
  const server = createConnectorServer({ client, token: settings.token, log, query: settings.query, cacheMs: settings.cacheMs, bounds, deadlineMs });
  server.requestTimeout = deadlineMs * 2;
  return listen(server, settings.port, settings.host);
}
