#!/usr/bin/env node
/**
 * Writes worker/routes/openapi-examples.json: the OpenAPI document's success examples, captured from
 * a real run of the README's demo (a sandbox query of the demo subject and a check of an invoice
 * number and a keyword its certificates really print) on a fresh `wrangler dev`, so that every example
 * is an answer the API gave. Lists are cut to their first items; nothing else is edited.
 *
 *   node scripts/capture-examples.mjs
 */
import { writeFileSync } from "node:fs";
import { startDevServer } from "./lib/dev-server.mjs";
import { DEMO } from "../worker/routes/samples.ts";

const OUT = new URL("../worker/routes/openapi-examples.json", import.meta.url);
const OPEN = "/api/open/v1";
const TERMINAL = new Set(["succeeded", "partial", "failed", "cancelled"]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const server = await startDevServer({ name: "examples" });
try {
  const account = (await server.call("/api/admin/v1/accounts", { method: "POST", json: { name: "示例融资租赁有限公司" }, admin: true })).body;
  await server.call(`/api/admin/v1/accounts/${account.id}/subscriptions`, {
    method: "POST",
    json: { planId: "professional", cycle: "annual" },
    admin: true,
  });
  const { key } = (await server.call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: { name: "examples" }, admin: true })).body;

  const examples = {};
  /** Calls the open API and records the answer under the operation's id. */
  async function take(operationId, path, options = {}) {
    const answer = await server.call(`${OPEN}${path}`, { key, ...options });
    if (answer.status >= 300) throw new Error(`${operationId}: ${answer.status} ${JSON.stringify(answer.body)}`);
    examples[operationId] = { status: answer.status, ...(options.json ? { request: options.json } : {}), response: answer.body };
    return answer.body;
  }
  async function until(path) {
    for (;;) {
      const task = (await server.call(`${OPEN}${path}`, { key })).body;
      if (TERMINAL.has(task.executionStatus)) return;
      await sleep(500);
    }
  }
  const firstItems = (page, n) => ({ ...page, items: page.items.slice(0, n) });

  await take("getEntitlements", "/account/entitlements");
  const accepted = await take("createQueries", "/queries", { method: "POST", json: { subjectNames: [DEMO.subject] } });
  const queryId = accepted.queries[0].id;
  await until(`/queries/${queryId}`);
  await take("getQuery", `/queries/${queryId}`);
  await take("listQueries", "/queries?pageSize=5");
  const registrations = await take("listRegistrations", `/queries/${queryId}/registrations?pageSize=5`);
  examples.listRegistrations.response = firstItems(registrations, 2);

  const check = await take("createCheck", "/checks", {
    method: "POST",
    json: {
      applicant: DEMO.subject,
      criteria: [
        { kind: "invoice_no", value: DEMO.invoiceNo },
        { kind: "keyword", value: DEMO.keyword },
      ],
      sourceRegistryQueryId: queryId,
    },
  });
  await until(`/checks/${check.id}`);
  await take("getCheck", `/checks/${check.id}`);
  await take("listChecks", "/checks?pageSize=5");
  const results = await take("listCheckResults", `/checks/${check.id}/results?matchStatus=matched&sort=strength`);
  examples.listCheckResults.response = firstItems(results, 2);
  // The invoice match: the registration whose certificate prints the demo invoice number.
  const invoiceHit = results.items.find((r) => r.strength === "invoice_match");
  if (!invoiceHit) throw new Error(`no registration of ${DEMO.subject} prints invoice ${DEMO.invoiceNo}`);
  const registrationId = invoiceHit.registration.id;
  await take("getRegistration", `/queries/${queryId}/registrations/${registrationId}`);
  const result = await take("getCheckResult", `/checks/${check.id}/results/${registrationId}`);
  await take("getCheckResultNavigation", `/checks/${check.id}/results/${registrationId}/navigation?matchStatus=matched`);
  const evidence = result.check.evidence.find((e) => e.termKind === "invoice_no");
  await take(
    "getEvidenceLocations",
    `/checks/${check.id}/results/${registrationId}/evidence-locations?documentId=${evidence.documentId}&pageNumber=${evidence.pageNumber}`,
  );

  writeFileSync(OUT, `${JSON.stringify(examples, null, 2)}\n`);
  console.log(`wrote ${Object.keys(examples).length} examples to worker/routes/openapi-examples.json`);
} finally {
  server.stop();
}
