#!/usr/bin/env node
/**
 * @module Starts the registry connector (docs/registry-connector.md): `node services/registry-connector/main.mjs`,
 * or the container's CMD. Settings from the environment only (settings.mjs); a bad one exits 2 naming it.
 */
import { startConnector } from "./connector.mjs";
import { readSettings } from "./settings.mjs";

const read = readSettings(process.env);
if (!read.ok) {
  for (const problem of read.problems) console.error(problem);
  process.exit(2);
}
const connector = await startConnector(read.settings).catch((error) => {
  console.error(`cannot listen on ${read.settings.host}:${read.settings.port}: ${error.message}`);
  process.exit(1);
});
console.log(`registry connector on ${connector.url} (${read.settings.sessions} session(s) at most, registry ${new URL(read.settings.baseUrl).host})`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => connector.close().then(() => process.exit(0)));
