#!/usr/bin/env node
/**
 * npm run start:gateway: the API as a production deployment runs it (UPSTREAM=http), pointed at the
 * registry gateway stub (gateway-stub/server.mjs) on http://127.0.0.1:8790 instead of a real connector.
 * Everything else is `npm start` (scripts/start.mjs): migrations, wrangler dev on :8787, the demo key.
 * Extra arguments go on to wrangler dev. GATEWAY_PORT and SANDBOX_SLOW_MS (the 慢 delay) may be set.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { startGatewayStub } from "../gateway-stub/server.mjs";

/** The token start.mjs writes into a new .dev.vars; an existing .dev.vars may name its own. */
const DEFAULT_TOKEN = "local-gateway-token";
const devVars = existsSync(".dev.vars") ? readFileSync(".dev.vars", "utf8") : "";
const tokenInDevVars = devVars.match(/^UPSTREAM_TOKEN=(.*)$/m)?.[1]?.trim();
const token = tokenInDevVars || DEFAULT_TOKEN;

const stub = await startGatewayStub({
  port: Number(process.env.GATEWAY_PORT ?? "8790"),
  token,
  slowMs: Number(process.env.SANDBOX_SLOW_MS ?? "1000"),
});
console.log(`registry gateway stub on ${stub.url} (contract: ${stub.url}/v1/openapi.json)`);

const upstreamArgs = ["--var", "UPSTREAM:http", "--var", `UPSTREAM_URL:${stub.url}`];
// A .dev.vars from before the gateway existed has no token: hand the stub's to wrangler dev.
if (devVars && !tokenInDevVars) upstreamArgs.push("--var", `UPSTREAM_TOKEN:${token}`);
const api = spawn(process.execPath, ["scripts/start.mjs", ...upstreamArgs, ...process.argv.slice(2)], { stdio: "inherit" });

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => api.kill(signal));
api.on("exit", async (code) => {
  await stub.close();
  process.exit(code ?? 0);
});
