#!/usr/bin/env node
/**
 * npm run start:direct: the API as a bank would run it against the registry's own direct-connect
 * interface (docs/registry-connector.md), with a replica of the registry in place of the real one:
 *   the replica (services/registry-connector/replica) on REPLICA_PORT (8792), serving the sandbox's
 *     subjects over the registry's SOAP services with a key pair and an account it makes up at start;
 *   the connector (services/registry-connector) on CONNECTOR_PORT (8791), pointed at the replica's
 *     address and public key, holding UPSTREAM_SLOTS (4) sessions;
 *   and `npm start` (scripts/start.mjs: migrations, OCR on OCR_PORT, wrangler dev on PORT) with
 *     UPSTREAM=http and UPSTREAM_URL naming the connector.
 * Its banner is npm start's with one more line naming the upstream. Extra arguments go on to wrangler
 * dev. Ctrl-C or SIGTERM stops every process (npm start stops its own; the replica and the connector
 * run in this one).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { startConnector } from "../services/registry-connector/connector.mjs";
import { startReplica } from "../services/registry-connector/replica/server.mjs";
import { DEFAULT_REGISTRY_TIMEOUT_MS } from "../services/registry-connector/time-budget.mjs";

/** The token start.mjs writes into a new .dev.vars; an existing .dev.vars may name its own. */
const DEFAULT_TOKEN = "local-gateway-token";
const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
const tokenInDevVars = devVars.match(/^UPSTREAM_TOKEN=(.*)$/m)?.[1]?.trim();
const token = tokenInDevVars || DEFAULT_TOKEN;
const sessions = Number(process.env.UPSTREAM_SLOTS ?? "4");

const replica = await startReplica({
  port: Number(process.env.REPLICA_PORT ?? "8792"),
  slowMs: Number(process.env.SANDBOX_SLOW_MS ?? "1000"),
});
const connector = await startConnector(
  {
    baseUrl: replica.servicesUrl,
    publicKey: replica.publicKey,
    account: replica.account,
    token,
    sessions,
    timeoutMs: DEFAULT_REGISTRY_TIMEOUT_MS,
    port: Number(process.env.CONNECTOR_PORT ?? "8791"),
    host: "127.0.0.1",
  },
  { write: (line) => process.stdout.write(`[connector] ${line}\n`) },
);

const upstreamArgs = ["--var", "UPSTREAM:http", "--var", `UPSTREAM_URL:${connector.url}`, "--var", `UPSTREAM_SLOTS:${sessions}`];
// A .dev.vars from before the gateway existed has no token: hand the connector's to wrangler dev.
if (devVars && !tokenInDevVars) upstreamArgs.push("--var", `UPSTREAM_TOKEN:${token}`);
const api = spawn(process.execPath, ["scripts/start.mjs", ...upstreamArgs, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: {
    ...process.env,
    START_UPSTREAM_LABEL: "direct-connect upstream",
    START_UPSTREAM_LINE: `Upstream: the registry's direct-connect replica on ${replica.servicesUrl}, through the registry connector on ${connector.url}`,
  },
});

let stopping = false;
function stop(signal = "SIGTERM") {
  stopping = true;
  api.kill(signal);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal === "SIGHUP" ? "SIGTERM" : signal));
// Left behind by its parent (npm, or the shell npm runs it in, killed without passing the signal on):
// stop as npm start does (scripts/start.mjs), whose own parent is this process and stays.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 1000).unref();
api.on("exit", async (code) => {
  await Promise.all([connector.close(), replica.close()]);
  process.exit(stopping ? 0 : (code ?? 0));
});
