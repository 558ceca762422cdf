#!/usr/bin/env node
/**
 * Runs the code samples of the OpenAPI document (worker/routes/samples.ts) against a running server,
 * as printed: every curl sample in bash, every TypeScript sample with Node against the packed client
 * package (@registry-check/client installed from its tarball), every Python sample with requests when
 * python3 has it. Ids come from the environment, as the samples say: a query and a check of the demo
 * made by the curl creation samples themselves. Each sample must exit 0 and answer what its operation
 * answers (the captured example's fields, a PDF, a 200 HEAD). scripts/quickstart.mjs calls it.
 *
 *   node scripts/check-samples.mjs <baseUrl> <apiKey>
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codeSamples, SAMPLE_REQUESTS } from "../worker/routes/samples.ts";
import { installClient, packClient } from "./check-client-package.mjs";

const EXAMPLES = JSON.parse(readFileSync(new URL("../worker/routes/openapi-examples.json", import.meta.url), "utf8"));
const TERMINAL = new Set(["succeeded", "partial", "failed", "cancelled"]);
/** Creations count against 10 a minute per account: Python's are shown, not run (curl's and TypeScript's are). */
const CREATIONS = new Set(["createQueries", "createCheck"]);

function hasPythonRequests() {
  return spawnSync("python3", ["-c", "import requests"], { stdio: "ignore" }).status === 0;
}

function run(lang, source, cwd, env) {
  if (lang === "curl") return spawnSync("bash", ["-c", source], { cwd, env, encoding: "utf8", timeout: 60_000 });
  if (lang === "TypeScript") {
    writeFileSync(join(cwd, "sample.mts"), source);
    return spawnSync(process.execPath, ["sample.mts"], { cwd, env, encoding: "utf8", timeout: 120_000 });
  }
  writeFileSync(join(cwd, "sample.py"), source);
  return spawnSync("python3", ["sample.py"], { cwd, env, encoding: "utf8", timeout: 60_000 });
}

/** What the sample printed, judged against what its operation answers. */
function verdict(operationId, output, cwd) {
  const request = SAMPLE_REQUESTS[operationId];
  if (request.output === "file") {
    const head = readFileSync(join(cwd, "document.bin")).subarray(0, 5).toString("latin1");
    return head === "%PDF-" ? null : `document.bin is not a PDF (starts ${JSON.stringify(head)})`;
  }
  if (request.output === "headers")
    return /\b200\b/.test(output) && /application\/pdf/i.test(output) ? null : "no 200 with Content-Type application/pdf";
  let answer;
  try {
    answer = JSON.parse(output);
  } catch {
    return "did not print JSON";
  }
  const expected = Object.keys(EXAMPLES[operationId]?.response ?? {});
  const absent = expected.filter((key) => !(key in answer) && !["completedAt", "processingCompletedAt", "failure"].includes(key));
  return absent.length > 0 ? `the answer lacks ${absent.join(", ")}` : null;
}

async function api(baseUrl, apiKey, path) {
  const res = await fetch(`${baseUrl}/api/open/v1${path}`, { headers: { "X-Api-Key": apiKey } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
}

async function untilTerminal(baseUrl, apiKey, path) {
  for (let i = 0; i < 600; i++) {
    if (TERMINAL.has((await api(baseUrl, apiKey, path)).executionStatus)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${path} did not finish`);
}

/** Runs every sample; returns the failures (an empty list when all passed). */
export async function checkSamples({ baseUrl, apiKey }) {
  const dir = mkdtempSync(join(tmpdir(), "samples-"));
  const failures = [];
  const python = hasPythonRequests();
  let ran = 0;
  try {
    installClient(dir, packClient(dir).tarball);
    const env = { ...process.env, REGISTRY_API_URL: baseUrl, REGISTRY_API_KEY: apiKey };
    // The curl creation samples make the query and the check every other sample reads.
    const sampleOf = (id, lang) => codeSamples(id).find((s) => s.lang === lang).source;
    const runCurl = (id) => {
      const result = run("curl", sampleOf(id, "curl"), dir, env);
      if (result.status !== 0) throw new Error(`curl sample of ${id} failed (${result.status}): ${result.stdout}${result.stderr}`);
      return JSON.parse(result.stdout);
    };
    env.QUERY_ID = runCurl("createQueries").queries[0].id;
    await untilTerminal(baseUrl, apiKey, `/queries/${env.QUERY_ID}`);
    env.CHECK_ID = runCurl("createCheck").id;
    await untilTerminal(baseUrl, apiKey, `/checks/${env.CHECK_ID}`);
    const matched = await api(baseUrl, apiKey, `/checks/${env.CHECK_ID}/results?matchStatus=matched&sort=strength`);
    env.REGISTRATION_ID = matched.items.find((r) => r.strength === "invoice_match")?.registration.id;
    if (!env.REGISTRATION_ID) throw new Error("the demo check found no invoice match");
    env.DOCUMENT_ID = (await api(baseUrl, apiKey, `/queries/${env.QUERY_ID}/registrations/${env.REGISTRATION_ID}`)).pdf.documentId;
    ran += 2;

    for (const operationId of Object.keys(SAMPLE_REQUESTS)) {
      for (const sample of codeSamples(operationId)) {
        if (sample.lang === "curl" && CREATIONS.has(operationId)) continue; // ran above
        if (sample.lang === "Python" && (!python || CREATIONS.has(operationId))) continue;
        const result = run(sample.lang, sample.source, dir, env);
        ran++;
        const problem = result.status !== 0 ? `exit ${result.status}` : verdict(operationId, result.stdout, dir);
        if (problem) failures.push(`${sample.lang} sample of ${operationId}: ${problem}\n${sample.source}\n${result.stdout}${result.stderr}`);
      }
    }
    console.log(`samples: ${ran} run (curl, TypeScript${python ? ", Python reads" : ""}), ${failures.length} failed`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { failures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [baseUrl, apiKey] = process.argv.slice(2);
  if (!baseUrl || !apiKey) {
    console.error("usage: node scripts/check-samples.mjs <baseUrl> <apiKey>");
    process.exit(2);
  }
  const { failures } = await checkSamples({ baseUrl, apiKey });
  if (failures.length > 0) {
    console.error(failures.join("\n\n"));
    process.exit(1);
  }
}
