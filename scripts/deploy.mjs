#!/usr/bin/env node
/**
 * One deploy (README "Deploy"): `npm run deploy -- --env staging|production [--dry-run]`.
 *
 * Every run checks the environment first (scripts/deploy-check.mjs: every binding and variable the top
 * level has, SHARDS against the shard bindings, queues consumed, Durable Object and container classes
 * exported and migrated, the container sized and capped, no resource shared with the other environment).
 *
 * --dry-run (CI runs it; no cloud account, no Docker): the checks for every environment (or the one named),
 * then wrangler's own dry run of each (the build command, the bundle, its bindings; the container's image is
 * left to the real deploy: building it needs Docker), the bundle held to its budget, and what a deploy
 * would do: the migrations of every D1, the Worker, the container. Placeholders still in wrangler.toml
 * are listed; a real deploy refuses them.
 *
 * A real deploy, in order, stopping at the first failure: the checks and no placeholder left; the
 * required secrets set (`wrangler secret list`); `wrangler d1 migrations apply --remote` for every D1 (the
 * shared one, then every shard, a few at a time) before the code that needs them; then `wrangler deploy`,
 * which runs the build, uploads the Worker and its assets, builds the OCR image with Docker, pushes it and
 * rolls the container out.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { deployProblems, ENVIRONMENTS, readWranglerConfig, sharedResources, spans, workerExports } from "./deploy-check.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const WRANGLER = join(ROOT, "node_modules/.bin/wrangler");
/** The bundle's budget, gzipped (bench/bundle.mjs: the Free plan's script size; the Paid limit is 10 MB). */
const BUNDLE_BUDGET = 3 * 1024 * 1024;
/** D1 migrations applied at once: 257 databases one by one would take a quarter of an hour. */
const MIGRATION_LANES = 4;

function usage(message) {
  if (message) console.error(message);
  console.error("usage: npm run deploy -- --env staging|production [--dry-run] [--config wrangler.toml]");
  process.exit(2);
}

function parseArgs(argv) {
  const args = { dryRun: false, env: undefined, config: "wrangler.toml" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--dry-run") args.dryRun = true;
    else if (arg === "--env" || arg === "--config") args[arg.slice(2)] = argv[++i] ?? usage(`${arg} needs a value`);
    else if (arg.startsWith("--env=") || arg.startsWith("--config=")) args[arg.slice(2, arg.indexOf("="))] = arg.slice(arg.indexOf("=") + 1);
    else usage(`unknown argument ${arg}`);
  }
  if (args.env !== undefined && !ENVIRONMENTS.includes(args.env)) usage(`--env must be one of ${ENVIRONMENTS.join(", ")}`);
  if (!args.dryRun && args.env === undefined) usage("a deploy names its environment");
  return args;
}

/** Runs wrangler with `args`; resolves with its exit code and output (printed as it comes when `echo`). */
function wrangler(args, { echo = true } = {}) {
  return new Promise((resolve) => {
    const child = spawn(WRANGLER, args, { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const take = (stream, into) =>
      stream.on("data", (chunk) => {
        output += chunk;
        if (echo) into.write(chunk);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Items joined with commas and wrapped at 100 columns. */
function wrapped(items, indent = "    ") {
  const lines = [];
  let line = "";
  for (const item of items) {
    if (line && line.length + item.length + 2 > 100) {
      lines.push(line);
      line = "";
    }
    line += (line ? ", " : "") + item;
  }
  if (line) lines.push(line);
  return lines.map((l) => indent + l).join("\n");
}

const migrationFiles = (dir) => readdirSync(dir).filter((f) => f.endsWith(".sql")).length;

function describe(env, config) {
  const d1 = config.d1_databases ?? [];
  const byDir = new Map();
  for (const d of d1) {
    const dir = relative(ROOT, join(ROOT, d.migrations_dir));
    byDir.set(dir, [...(byDir.get(dir) ?? []), d]);
  }
  console.log(`\n${env}: Worker ${config.name}`);
  for (const [dir, databases] of byDir) {
    console.log(`  D1 migrations ${dir}/ (${migrationFiles(join(ROOT, dir))} files), applied to ${databases.length} database(s):`);
    console.log(wrapped([spans(databases.map((d) => `${d.binding} ${d.database_name}`))]));
  }
  console.log(`  R2: ${(config.r2_buckets ?? []).map((b) => `${b.binding} ${b.bucket_name}`).join(", ")}`);
  console.log(`  queues: ${(config.queues?.producers ?? []).map((p) => `${p.binding} → ${p.queue}`).join(", ")}`);
  for (const c of config.queues?.consumers ?? [])
    console.log(
      `    consumes ${c.queue}${c.dead_letter_queue ? ` (dead letters → ${c.dead_letter_queue})` : ""}, batches of ${c.max_batch_size}, ${c.max_retries} retries`,
    );
  console.log(`  Durable Objects: ${(config.durable_objects?.bindings ?? []).map((b) => `${b.name} ${b.class_name}`).join(", ")}`);
  for (const container of config.containers ?? []) {
    // OCR spreads requests over OCR_INSTANCES; the registry connector is one instance holding the sessions.
    const spread = container.class_name === "OcrContainer" ? `, requests spread over ${config.vars?.OCR_INSTANCES}` : "";
    console.log(
      `  container ${container.name}: class ${container.class_name}, image ${relative(ROOT, container.image)} (context ${relative(ROOT, container.image_build_context)}), ${container.instance_type}, at most ${container.max_instances} instances${spread}`,
    );
  }
  console.log(`  secrets required: ${(config.secrets?.required ?? []).join(", ")}`);
  console.log(`  cron: ${(config.triggers?.crons ?? []).join(", ")}`);
}

async function dryRun(env) {
  const outdir = join(ROOT, "dist/deploy", env);
  // --containers-rollout=none: wrangler would otherwise build the image with Docker even in a dry run.
  const { code, output } = await wrangler(["deploy", "--dry-run", "--env", env, "--containers-rollout=none", "--outdir", outdir], { echo: false });
  if (code !== 0) {
    process.stderr.write(output);
    return [`${env}: wrangler deploy --dry-run failed (above)`];
  }
  const bundle = readFileSync(join(outdir, "index.js"));
  const gzipped = gzipSync(bundle).length;
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`  bundle: ${kib(bundle.length)}, ${kib(gzipped)} gzipped (budget ${kib(BUNDLE_BUDGET)})`);
  return gzipped > BUNDLE_BUDGET ? [`${env}: the bundle is ${kib(gzipped)} gzipped, over its ${kib(BUNDLE_BUDGET)} budget`] : [];
}

/** Runs `tasks` (functions returning promises of an exit code) `lanes` at a time; stops starting new ones after a failure. */
async function bounded(tasks, lanes) {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < tasks.length) if ((await tasks[next++]()) !== 0) failed = true;
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return !failed;
}

async function deploy(env, config) {
  const secrets = await wrangler(["secret", "list", "--env", env, "--format", "json"], { echo: false });
  if (secrets.code !== 0) {
    process.stderr.write(secrets.output);
    return [`${env}: cannot list the Worker's secrets (wrangler login, or CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID)`];
  }
  const set = new Set((JSON.parse(secrets.output.slice(secrets.output.indexOf("["))) ?? []).map((s) => s.name));
  const missing = (config.secrets?.required ?? []).filter((name) => !set.has(name));
  if (missing.length) return missing.map((name) => `${env}: secret ${name} is not set: npx wrangler secret put ${name} --env ${env}`);

  console.log(`\n${env}: migrating ${config.d1_databases.length} D1 databases`);
  const migrate = config.d1_databases.map((d) => async () => {
    const { code } = await wrangler(["d1", "migrations", "apply", d.binding, "--remote", "--env", env], { echo: false });
    console.log(`  ${d.binding} ${d.database_name}: ${code === 0 ? "migrated" : "FAILED"}`);
    return code;
  });
  if (!(await bounded(migrate, MIGRATION_LANES)))
    return [`${env}: a D1 migration failed; the Worker was not deployed (rerun: applied migrations are skipped)`];

  console.log(`\n${env}: deploying the Worker and its containers`);
  const { code } = await wrangler(["deploy", "--env", env]);
  return code === 0 ? [] : [`${env}: wrangler deploy failed (above)`];
}

const args = parseArgs(process.argv.slice(2));
const configPath = join(ROOT, args.config);
const local = readWranglerConfig(configPath);
const exports = await workerExports(local.main);
const envs = args.env ? [args.env] : ENVIRONMENTS;
const configs = Object.fromEntries(ENVIRONMENTS.map((env) => [env, readWranglerConfig(configPath, env)]));

const problems = sharedResources(configs);
const placeholders = new Map();
for (const env of envs) {
  const found = deployProblems({ env, config: configs[env], local, exports });
  problems.push(...found.problems);
  placeholders.set(env, found.placeholders);
}
for (const env of envs) describe(env, configs[env]);

if (problems.length === 0) {
  for (const env of envs) {
    if (args.dryRun) problems.push(...(await dryRun(env)));
    else if (placeholders.get(env).length) problems.push(`${env}: placeholders left in wrangler.toml:\n${wrapped(placeholders.get(env))}`);
    else problems.push(...(await deploy(env, configs[env])));
  }
}
if (args.dryRun) {
  for (const [env, list] of placeholders)
    if (list.length) console.log(`\n${env}: to fill in before its first deploy (README "Deploy", step 1):\n${wrapped(list)}`);
}
if (problems.length) {
  console.error(`\n${args.dryRun ? "dry run" : "deploy"} refused:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`\n${args.dryRun ? `dry run passed: ${envs.join(", ")}` : `deployed ${args.env}`}`);
