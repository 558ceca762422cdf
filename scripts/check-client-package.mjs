#!/usr/bin/env node
/**
 * The client as a user gets it: `npm pack` of client/ (its prepack builds dist/), the tarball
 * installed into an empty project, then imported from plain ESM and type-checked from TypeScript
 * (NodeNext resolution: package.json "exports" and "types" are what is used). Run by .ci/run.
 *
 *   node scripts/check-client-package.mjs
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

/** Packs client/ into `dir`; returns the tarball's path and the files it holds. */
export function packClient(dir) {
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], {
    cwd: join(ROOT, "client"),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const [info] = JSON.parse(out.slice(out.indexOf("[")));
  return { tarball: join(dir, info.filename), files: info.files.map((f) => f.path) };
}

/** A project in `dir` with the packed client in node_modules, as `npm install <tarball>` leaves it (no registry involved). */
export function installClient(dir, tarball) {
  const target = join(dir, "node_modules", "@registry-check", "client");
  mkdirSync(target, { recursive: true });
  execFileSync("tar", ["-xzf", tarball, "-C", target, "--strip-components=1"]);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
}

const CONSUMER_JS = `import { RegistryClient, RegistryApiError, rangeHeader, isQueryTerminal } from "@registry-check/client";
import assert from "node:assert/strict";

const seen = [];
const client = new RegistryClient({
  apiKey: "rk_v1_consumer",
  baseUrl: "http://127.0.0.1:18699",
  fetch: async (request) => {
    seen.push(request);
    if (request.url.endsWith("/queries/qry_missing"))
      return Response.json({ code: "NOT_FOUND", message: "Not found.", requestId: "req_1" }, { status: 404 });
    return Response.json({ id: "qry_1", subjectName: "上海示例供应链管理有限公司", status: "succeeded", executionStatus: "succeeded", sourceStatus: "available",
      coverageComplete: true, registrationCount: 5, totalDocumentCount: 5, processedDocumentCount: 5, createdAt: "2026-11-23T16:27:47.169+08:00" });
  },
});
const query = await client.getQuery("qry_1");
assert.equal(query.registrationCount, 5);
assert.ok(isQueryTerminal(query));
assert.equal(seen[0].url, "http://127.0.0.1:18699/api/open/v1/queries/qry_1");
assert.equal(seen[0].headers.get("X-Api-Key"), "rk_v1_consumer");
await assert.rejects(client.getQuery("qry_missing"), (e) => e instanceof RegistryApiError && e.code === "NOT_FOUND");
assert.equal(rangeHeader({ start: 0, end: 99 }), "bytes=0-99");
console.log("consumer.mjs: imported and used the packed client");
`;

const CONSUMER_TS = `import { RegistryClient, type Check, type Query, type CheckResult } from "@registry-check/client";

const client = new RegistryClient({ apiKey: "rk_v1_consumer" });
export async function firstInvoiceEvidence(queryId: string): Promise<string | undefined> {
  const query: Query = await client.waitForQuery(queryId, { timeoutMs: 60_000 });
  const check: Check = await client.createCheck({ applicant: query.subjectName, criteria: [{ kind: "invoice_no", value: "11050292" }], sourceRegistryQueryId: query.id });
  const page = await client.listCheckResults(check.id, { matchStatus: ["matched"], sort: "strength" });
  const result: CheckResult = await client.getCheckResult(check.id, page.items[0]!.registration.id);
  const status: "succeeded" | "no_result" | "partial" | "failed" | "cancelled" | "queued" | "waiting_resource" | "processing" = query.status;
  return status === "succeeded" ? result.check?.evidence[0]?.termValue : undefined;
}
// @ts-expect-error an unknown filter value is a type error
client.listCheckResults("chk_1", { matchStatus: ["maybe"] });
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2022", "DOM"],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
  },
  files: ["consumer.ts"],
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = mkdtempSync(join(tmpdir(), "client-package-"));
  try {
    const { tarball, files } = packClient(dir);
    const unexpected = files.filter((f) => !/^(package\.json|README\.md|dist\/[\w.-]+\.(js|js\.map|d\.ts))$/.test(f));
    if (unexpected.length > 0) throw new Error(`the package holds files it should not: ${unexpected.join(", ")}`);
    for (const needed of ["dist/index.js", "dist/index.d.ts", "dist/types.d.ts", "README.md"])
      if (!files.includes(needed)) throw new Error(`the package lacks ${needed}`);
    const project = join(dir, "consumer");
    mkdirSync(project);
    installClient(project, tarball);
    writeFileSync(join(project, "consumer.mjs"), CONSUMER_JS);
    writeFileSync(join(project, "consumer.ts"), CONSUMER_TS);
    writeFileSync(join(project, "tsconfig.json"), JSON.stringify(TSCONFIG));
    execFileSync(process.execPath, ["consumer.mjs"], { cwd: project, stdio: "inherit" });
    execFileSync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: project, stdio: "inherit" });
    console.log(
      `client package: ${readdirSync(dir).find((f) => f.endsWith(".tgz"))} (${files.length} files) packs, installs, imports and type-checks`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
