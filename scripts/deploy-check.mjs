/**
 * @module What `npm run deploy` checks before it touches anything (scripts/deploy.mjs): an environment of
 * wrangler.toml, as wrangler itself reads it (unstable_readConfig: TOML parsed, environment applied,
 * paths resolved), against the local top level that the tests run, and against what the Worker's entry
 * exports. Every problem is a sentence naming the binding, variable or class; no cloud account and no
 * Docker are needed.
 *
 * Wrangler does not inherit bindings or vars into environments, so the usual mistake is a binding added
 * at the top level (where every test passes) and forgotten in an environment; the next is a SHARDS that
 * does not count the shard bindings, and a Durable Object or container class the entry does not export.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { unstable_readConfig } from "wrangler";

/** The environments `npm run deploy` knows. */
export const ENVIRONMENTS = ["staging", "production"];
/** The OCR container's binding and class (worker/config.ts OCR_BINDING, durable-objects/ocr-container.ts). */
export const OCR_BINDING = "OCR";
/** The registry connector's container binding (worker/upstream/http/connector-binding.ts). */
export const CONNECTOR_BINDING = "REGISTRY_CONNECTOR";
/** Resource ids and URLs that mark a value still to fill in (README "Deploy", step 1). */
const PLACEHOLDER_ID = /^0{8}-0{4}-0{4}-/;
const PLACEHOLDER_HOST = /\.invalid(?::\d+)?(?:\/|$)/;

/** Wrangler's reading of `configPath` for `env` (undefined: the top level). */
export function readWranglerConfig(configPath, env) {
  return unstable_readConfig({ config: configPath, ...(env ? { env } : {}) }, { hideWarnings: true });
}

/** The class names the Worker's entry exports (esbuild's metafile: every `export … from` followed). */
export async function workerExports(main) {
  const result = await build({
    entryPoints: [main],
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    platform: "neutral",
    packages: "external",
    external: ["cloudflare:*", "node:*", "#*"],
    loader: { ".txt": "text", ".html": "text", ".sql": "text" },
    logLevel: "silent",
  });
  return new Set(Object.values(result.metafile.outputs).flatMap((output) => output.exports ?? []));
}

/** Every binding name of a config, by kind (the kinds this Worker uses and the ones it may grow). */
export function bindingsOf(config) {
  const named = (list, key) => (list ?? []).map((b) => b[key]);
  return {
    d1: named(config.d1_databases, "binding"),
    r2: named(config.r2_buckets, "binding"),
    kv: named(config.kv_namespaces, "binding"),
    durableObjects: named(config.durable_objects?.bindings, "name"),
    queueProducers: named(config.queues?.producers, "binding"),
    analyticsEngine: named(config.analytics_engine_datasets, "binding"),
    services: named(config.services, "binding"),
    assets: config.assets?.binding ? [config.assets.binding] : [],
  };
}

const isShard = (name) => /^SHARD_\d+$/.test(name);

/**
 * Names in order, runs of names that differ only by a counting number shortened to their ends:
 * "SHARD_0 (registry-shard-0) … SHARD_255 (registry-shard-255), 256 in all", so 257 databases stay a line.
 */
export function spans(names) {
  const shape = (name) => name.replace(/\d+/g, "#");
  const numbers = (name) => (name.match(/\d+/g) ?? []).map(Number);
  const runs = [];
  for (const name of names) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    const follows = last !== undefined && shape(last) === shape(name) && numbers(name).every((n, i) => n === numbers(last)[i] + 1);
    if (follows) run.push(name);
    else runs.push([name]);
  }
  return runs.map((run) => (run.length < 3 ? run.join(", ") : `${run[0]} … ${run.at(-1)} (${run.length})`)).join(", ");
}

/**
 * The problems of environment `env` (its config read by readWranglerConfig) against the top level
 * `local`, with the entry's `exports`. Returns { problems, placeholders }: problems fail a dry run;
 * placeholders (ids and URLs still to fill in) fail only a real deploy.
 */
export function deployProblems({ env, config, local, exports }) {
  const problems = [];
  const placeholders = [];
  const mine = bindingsOf(config);
  const theirs = bindingsOf(local);

  // Every binding and variable the top level has (what the tests run with), the environment has too.
  for (const [kind, names] of Object.entries(theirs)) {
    for (const name of names) {
      if (kind === "d1" && isShard(name)) continue;
      if (!mine[kind].includes(name))
        problems.push(`${env}: binding ${name} (${kind}) is missing; the top level has it, and wrangler does not inherit bindings`);
    }
  }
  for (const name of Object.keys(local.vars ?? {})) {
    if (!(name in (config.vars ?? {}))) problems.push(`${env}: variable ${name} is missing from [env.${env}.vars]; wrangler does not inherit vars`);
  }
  for (const name of local.secrets?.required ?? []) {
    if (!(config.secrets?.required ?? []).includes(name)) problems.push(`${env}: secret ${name} is not in [env.${env}.secrets] required`);
  }

  // SHARDS counts SHARD_0 … SHARD_{n-1}, each a D1 on the shard migrations.
  const shards = Number(config.vars?.SHARDS);
  const shardBindings = (config.d1_databases ?? []).filter((d) => isShard(d.binding));
  if (!Number.isInteger(shards) || shards < 1) problems.push(`${env}: SHARDS is ${JSON.stringify(config.vars?.SHARDS)}, not a whole number ≥ 1`);
  else {
    for (let i = 0; i < shards; i++) {
      if (!shardBindings.some((d) => d.binding === `SHARD_${i}`)) problems.push(`${env}: SHARDS is ${shards}, but SHARD_${i} is not a D1 binding`);
    }
    for (const d of shardBindings) {
      if (Number(d.binding.slice("SHARD_".length)) >= shards)
        problems.push(`${env}: ${d.binding} is bound, but SHARDS is ${shards}: it would never be used`);
    }
  }
  for (const d of config.d1_databases ?? []) {
    const want = (local.d1_databases ?? []).find((l) => (isShard(d.binding) ? isShard(l.binding) : l.binding === d.binding))?.migrations_dir;
    if (want && d.migrations_dir !== want)
      problems.push(`${env}: ${d.binding} takes its migrations from ${d.migrations_dir ?? "nowhere"}, not ${want}`);
  }
  const unfilled = (config.d1_databases ?? []).filter((d) => PLACEHOLDER_ID.test(d.database_id ?? ""));
  if (unfilled.length) placeholders.push(`database_id of ${spans(unfilled.map((d) => `${d.binding} (${d.database_name})`))}`);
  const names = (config.d1_databases ?? []).map((d) => d.database_name);
  for (const name of new Set(names)) if (names.filter((n) => n === name).length > 1) problems.push(`${env}: D1 database ${name} is bound twice`);

  // Queues: every producer's queue is consumed, and so is every dead-letter queue.
  const consumed = new Set((config.queues?.consumers ?? []).map((c) => c.queue));
  for (const p of config.queues?.producers ?? [])
    if (!consumed.has(p.queue)) problems.push(`${env}: queue ${p.queue} (${p.binding}) has no consumer`);
  for (const c of config.queues?.consumers ?? []) {
    if (c.dead_letter_queue && !consumed.has(c.dead_letter_queue)) problems.push(`${env}: dead-letter queue ${c.dead_letter_queue} has no consumer`);
  }

  // Durable Object classes: exported by the entry and created by a migration.
  const migrated = new Set((config.migrations ?? []).flatMap((m) => [...(m.new_sqlite_classes ?? []), ...(m.new_classes ?? [])]));
  for (const b of config.durable_objects?.bindings ?? []) {
    if (b.script_name) continue;
    if (!exports.has(b.class_name)) problems.push(`${env}: Durable Object class ${b.class_name} (${b.name}) is not exported by ${config.main}`);
    if (!migrated.has(b.class_name)) problems.push(`${env}: Durable Object class ${b.class_name} (${b.name}) is in no [[migrations]] block`);
  }

  // OCR: through the container binding, not a URL; the container sized, capped and built from a Dockerfile.
  const ocr = (config.durable_objects?.bindings ?? []).find((b) => b.name === OCR_BINDING);
  if (!ocr) problems.push(`${env}: binding ${OCR_BINDING} (the OCR container's Durable Object) is missing`);
  else {
    const container = (config.containers ?? []).find((c) => c.class_name === ocr.class_name);
    if (!container) problems.push(`${env}: class ${ocr.class_name} (${OCR_BINDING}) has no [[env.${env}.containers]] entry`);
    else {
      if (!container.image || !existsSync(container.image))
        problems.push(`${env}: container ${ocr.class_name}'s image ${container.image ?? "(none)"} does not exist`);
      else if (!existsSync(join(container.image_build_context ?? dirname(container.image), "package.json")))
        problems.push(`${env}: container ${ocr.class_name}'s build context has no package.json`);
      if (!container.instance_type) problems.push(`${env}: container ${ocr.class_name} has no instance_type (the default is 1/16 vCPU)`);
      const instances = Number(config.vars?.OCR_INSTANCES ?? "1");
      if (!Number.isInteger(container.max_instances)) problems.push(`${env}: container ${ocr.class_name} has no max_instances`);
      else if (instances > container.max_instances)
        problems.push(`${env}: OCR_INSTANCES is ${instances}, more than the container's max_instances ${container.max_instances}`);
    }
    if (config.vars?.OCR_URL) problems.push(`${env}: OCR_URL must be empty: the Worker reaches OCR through the ${OCR_BINDING} binding`);
  }

  problems.push(...connectorProblems(env, config));

  for (const [name, value] of Object.entries(config.vars ?? {})) {
    if (typeof value === "string" && PLACEHOLDER_HOST.test(value)) placeholders.push(`variable ${name}`);
  }
  return { problems, placeholders };
}

/**
 * The registry connector's container, when the environment binds it: built from a Dockerfile beside its
 * package.json, sized, exactly one instance (it holds every registry session: a second would log in
 * sessions of its own), used by an http upstream, and given the registry secrets it reads.
 */
function connectorProblems(env, config) {
  const binding = (config.durable_objects?.bindings ?? []).find((b) => b.name === CONNECTOR_BINDING);
  if (!binding) return [];
  const problems = [];
  const container = (config.containers ?? []).find((c) => c.class_name === binding.class_name);
  if (!container) return [`${env}: class ${binding.class_name} (${CONNECTOR_BINDING}) has no [[env.${env}.containers]] entry`];
  if (!container.image || !existsSync(container.image))
    problems.push(`${env}: container ${binding.class_name}'s image ${container.image ?? "(none)"} does not exist`);
  else if (!existsSync(join(container.image_build_context ?? dirname(container.image), "package.json")))
    problems.push(`${env}: container ${binding.class_name}'s build context has no package.json`);
  if (!container.instance_type) problems.push(`${env}: container ${binding.class_name} has no instance_type`);
  if (container.max_instances !== 1)
    problems.push(`${env}: container ${binding.class_name} must have max_instances = 1 (one instance holds the registry sessions)`);
  if (config.vars?.UPSTREAM !== "http") problems.push(`${env}: ${CONNECTOR_BINDING} is bound, but UPSTREAM is not http`);
  for (const name of ["REGISTRY_USER", "REGISTRY_PASSWORD", "REGISTRY_AUTH_CODE", "REGISTRY_PUBLIC_KEY"]) {
    if (!(config.secrets?.required ?? []).includes(name))
      problems.push(`${env}: secret ${name} (the registry connector's) is not in [env.${env}.secrets] required`);
  }
  return problems;
}

/** Resources two environments share by name: a staging deploy would write production's data. */
export function sharedResources(configs) {
  const owners = new Map();
  for (const [env, config] of Object.entries(configs)) {
    const resources = [
      config.name && `Worker ${config.name}`,
      ...(config.d1_databases ?? []).map((d) => `D1 ${d.database_name}`),
      ...(config.r2_buckets ?? []).map((b) => `R2 ${b.bucket_name}`),
      ...(config.queues?.consumers ?? []).map((c) => `queue ${c.queue}`),
    ];
    for (const resource of resources.filter(Boolean)) owners.set(resource, [...(owners.get(resource) ?? []), env]);
  }
  return [...owners].filter(([, envs]) => envs.length > 1).map(([resource, envs]) => `${resource} is used by ${envs.join(" and ")}`);
}
