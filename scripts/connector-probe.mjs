#!/usr/bin/env node
/**
 * npm run connector:probe -- "<subject>" [--register <registration number>]
 *
 * The first day's probe of the registry the connector is configured for (docs/registry-connector.md,
 * "The first day"): the connector's own settings from the environment (REGISTRY_QUERY_URL, REGISTRY_USER,
 * REGISTRY_PASSWORD, REGISTRY_AUTH_CODE, REGISTRY_PUBLIC_KEY, REGISTRY_TIMEOUT_MS, REGISTRY_DEBT_TYPES;
 * CONNECTOR_TOKEN is not needed), read-only calls (services/registry-connector/probe.mjs), and what it
 * learned printed with the settings to change. Exit 0 when it could log in, 1 when not, 2 on bad settings.
 */
import { runProbe } from "../services/registry-connector/probe.mjs";
import { readSettings } from "../services/registry-connector/settings.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--register");
const registerNo = at >= 0 ? args[at + 1] : undefined;
const subject = args.filter((a, i) => at < 0 || (i !== at && i !== at + 1))[0] ?? process.env.PROBE_SUBJECT;
if (!subject) {
  console.error('name a subject to list: npm run connector:probe -- "<enterprise name or identity number>"');
  process.exit(2);
}
// The probe serves nobody: the bearer token the Worker sends is not needed.
const read = readSettings({ CONNECTOR_TOKEN: "not-used-by-the-probe", ...process.env });
if (!read.ok) {
  for (const problem of read.problems) console.error(problem);
  process.exit(2);
}
const report = await runProbe(read.settings, subject, { registerNo });
process.exit(report.logins.some((l) => l.token) ? 0 : 1);
