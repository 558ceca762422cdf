/**
 * @module The connector assembled from its settings: the registry client and the contract server.
 * main.mjs runs it from the environment; scripts/start-direct.mjs and the tests run it in-process.
 */
import { listen } from "./http-plumbing.mjs";
import { RegistryClient } from "./registry-client.mjs";
import { createConnectorServer } from "./server.mjs";
import { secretSafeLog } from "./settings.mjs";

/**
 * Starts listening; resolves when it does.
 * @param {object} settings readSettings(env).settings, or the same shape
 * @param {{write?: (line: string) => void}} [options] where log lines go (console.log)
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function startConnector(settings, { write } = {}) {
  const log = secretSafeLog(settings, write);
  const client = new RegistryClient({
    baseUrl: settings.baseUrl,
    account: settings.account,
    publicKey: settings.publicKey,
    sessions: settings.sessions,
    timeoutMs: settings.timeoutMs,
    waitForSessionMs: settings.waitForSessionMs,
    refusedCooldownMs: settings.refusedCooldownMs,
    loginBackoffMs: settings.loginBackoffMs,
    log,
  });
  const server = createConnectorServer({ client, token: settings.token, log, query: settings.query, cacheMs: settings.cacheMs });
  server.requestTimeout = settings.timeoutMs * 2;
  return listen(server, settings.port, settings.host);
}
