/**
 * `npm run deploy`'s checks (scripts/deploy-check.mjs) on the committed wrangler.toml and on broken copies
 * of it: a binding the top level has and an environment lacks, SHARDS not counting the shard bindings,
 * a Durable Object or container class the entry does not export, a container without its entry or its
 * cap, a queue nobody consumes, OCR by URL beside the binding, a resource two environments share. The
 * configs are wrangler's own reading (unstable_readConfig) of the file, so the environments are applied
 * as a deploy applies them. And the command itself: `--dry-run` exits 1 naming the problem, before it
 * builds anything.
 */
import { afterAll, describe, expect, it } from "vitest";

interface Config {
  name: string;
  main: string;
  vars: Record<string, unknown>;
  d1_databases: Array<{ binding: string; database_name: string; database_id?: string; migrations_dir?: string }>;
  durable_objects: { bindings: Array<{ name: string; class_name: string }> };
  containers?: Array<{ class_name: string; max_instances?: number; instance_type?: unknown; image?: string }>;
  queues: { producers?: Array<{ binding: string; queue: string }>; consumers?: Array<{ queue: string; dead_letter_queue?: string }> };
  r2_buckets: Array<{ binding: string; bucket_name: string }>;
}
interface Checks {
  ENVIRONMENTS: string[];
  readWranglerConfig(path: string, env?: string): Config;
  workerExports(main: string): Promise<Set<string>>;
  deployProblems(input: { env: string; config: Config; local: Config; exports: Set<string> }): { problems: string[]; placeholders: string[] };
  sharedResources(configs: Record<string, Config>): string[];
}
const load = (name: string) => import(/* @vite-ignore */ name);
const checks = (await load("../../scripts/deploy-check.mjs")) as Checks;
const fs = (await load("node:fs")) as {
  readFileSync(path: string, encoding: "utf8"): string;
  writeFileSync(path: string, text: string): void;
  rmSync(path: string, options: { force: boolean }): void;
  mkdirSync(path: string, options: { recursive: boolean }): void;
};
const { spawnSync } = (await load("node:child_process")) as {
  spawnSync(command: string, args: string[], options: object): { status: number | null; stdout: string; stderr: string };
};

/** vitest runs from the repository root. */
const ROOT = `${process.cwd()}/`;
const local = checks.readWranglerConfig(`${ROOT}wrangler.toml`);
const exports = await checks.workerExports(local.main);
const committed = Object.fromEntries(checks.ENVIRONMENTS.map((env) => [env, checks.readWranglerConfig(`${ROOT}wrangler.toml`, env)]));

/** A copy of environment `env`'s config, changed by `change`. */
function broken(env: string, change: (config: Config) => void): Config {
  const config = structuredClone(committed[env]!) as Config;
  change(config);
  return config;
}
const problemsOf = (env: string, config: Config, exported = exports) => checks.deployProblems({ env, config, local, exports: exported }).problems;

const written: string[] = [];
afterAll(() => {
  for (const path of written) fs.rmSync(path, { force: true });
});

describe("the deploy's checks", () => {
  it("pass the committed staging and production, listing the placeholders a real deploy refuses", () => {
    for (const b of committed.production!.durable_objects.bindings) expect(exports.has(b.class_name), b.class_name).toBe(true);
    for (const env of checks.ENVIRONMENTS) {
      const { problems, placeholders } = checks.deployProblems({ env, config: committed[env]!, local, exports });
      expect(problems, env).toEqual([]);
      expect(placeholders[0], env).toMatch(/^database_id of DB \(registry[^)]*\), SHARD_0 \(/);
    }
    expect(committed.production!.d1_databases.filter((d) => d.binding.startsWith("SHARD_"))).toHaveLength(Number(committed.production!.vars.SHARDS));
    expect(checks.sharedResources(committed)).toEqual([]);
  });

  it("refuse a binding or a variable the top level has and an environment lacks", () => {
    const noGuard = broken("production", (c) => {
      c.durable_objects.bindings = c.durable_objects.bindings.filter((b) => b.name !== "SIGN_IN_GUARD");
    });
    expect(problemsOf("production", noGuard)).toEqual([expect.stringMatching(/^production: binding SIGN_IN_GUARD \(durableObjects\) is missing/)]);
    const noFiles = broken("staging", (c) => {
      c.r2_buckets = [];
    });
    expect(problemsOf("staging", noFiles)).toEqual([expect.stringMatching(/binding FILES \(r2\) is missing/)]);
    const noVar = broken("staging", (c) => {
      delete c.vars.AUTH_CACHE_MS;
    });
    expect(problemsOf("staging", noVar)).toEqual([expect.stringMatching(/variable AUTH_CACHE_MS is missing/)]);
    const noDb = broken("production", (c) => {
      c.d1_databases = c.d1_databases.filter((d) => d.binding !== "DB");
    });
    expect(problemsOf("production", noDb)).toEqual([expect.stringMatching(/binding DB \(d1\) is missing/)]);
  });

  it("refuse SHARDS that does not count SHARD_0 … SHARD_{n-1}", () => {
    const tooMany = broken("production", (c) => {
      c.vars.SHARDS = "257";
    });
    expect(problemsOf("production", tooMany)).toEqual(["production: SHARDS is 257, but SHARD_256 is not a D1 binding"]);
    const tooFew = broken("production", (c) => {
      c.vars.SHARDS = "255";
    });
    expect(problemsOf("production", tooFew)).toEqual([expect.stringMatching(/SHARD_255 is bound, but SHARDS is 255/)]);
    const gap = broken("staging", (c) => {
      c.d1_databases = c.d1_databases.filter((d) => d.binding !== "SHARD_0");
    });
    expect(problemsOf("staging", gap)).toEqual(["staging: SHARDS is 2, but SHARD_0 is not a D1 binding"]);
    const wrongMigrations = broken("staging", (c) => {
      c.d1_databases[1]!.migrations_dir = `${ROOT}migrations`;
    });
    expect(problemsOf("staging", wrongMigrations)).toEqual([
      expect.stringMatching(/SHARD_0 takes its migrations from .*migrations, not .*migrations\/shard/),
    ]);
  });

  it("refuse a Durable Object or container class the entry does not export, found by bundling the entry", async () => {
    fs.mkdirSync(`${ROOT}node_modules/.cache/deploy-test`, { recursive: true });
    const entry = `${ROOT}node_modules/.cache/deploy-test/entry-${process.pid}.ts`;
    written.push(entry);
    fs.writeFileSync(entry, `export { default, AccountGate, UpstreamPool, SignInGuard, RegistryConnectorContainer } from "../../../worker/index";\n`);
    const partial = await checks.workerExports(entry);
    expect(partial.has("OcrContainer")).toBe(false);
    expect(partial.has("AccountGate")).toBe(true);
    expect(problemsOf("production", committed.production!, partial)).toEqual([
      expect.stringMatching(/^production: Durable Object class OcrContainer \(OCR\) is not exported by /),
    ]);
  });

  it("refuse the registry connector's container without its entry, with more than one instance, or without its secrets", () => {
    const connector = (c: Config) => c.containers!.find((container) => container.class_name === "RegistryConnectorContainer")!;
    const noContainer = broken("production", (c) => {
      c.containers = c.containers!.filter((container) => container !== connector(c));
    });
    expect(problemsOf("production", noContainer)).toEqual([
      "production: class RegistryConnectorContainer (REGISTRY_CONNECTOR) has no [[env.production.containers]] entry",
    ]);
    const two = broken("production", (c) => {
      connector(c).max_instances = 2;
    });
    expect(problemsOf("production", two)).toEqual([expect.stringMatching(/RegistryConnectorContainer must have max_instances = 1/)]);
    const noSecret = broken("production", (c) => {
      const secrets = (c as Config & { secrets: { required: string[] } }).secrets;
      secrets.required = secrets.required.filter((name) => name !== "REGISTRY_PUBLIC_KEY");
    });
    expect(problemsOf("production", noSecret)).toEqual([expect.stringMatching(/secret REGISTRY_PUBLIC_KEY \(the registry connector's\)/)]);
  });

  it("refuse OCR without its container, uncapped, beyond its cap, or by URL beside the binding", () => {
    const noOcr = broken("production", (c) => {
      c.durable_objects.bindings = c.durable_objects.bindings.filter((b) => b.name !== "OCR");
    });
    expect(problemsOf("production", noOcr)).toEqual([expect.stringMatching(/binding OCR \(the OCR container's Durable Object\) is missing/)]);
    const noContainer = broken("production", (c) => {
      c.containers = c.containers!.filter((container) => container.class_name !== "OcrContainer");
    });
    expect(problemsOf("production", noContainer)).toEqual(["production: class OcrContainer (OCR) has no [[env.production.containers]] entry"]);
    const uncapped = broken("staging", (c) => {
      delete c.containers![0]!.max_instances;
      delete c.containers![0]!.instance_type;
    });
    expect(problemsOf("staging", uncapped)).toEqual([expect.stringMatching(/has no instance_type/), expect.stringMatching(/has no max_instances/)]);
    const beyond = broken("staging", (c) => {
      c.vars.OCR_INSTANCES = "3";
    });
    expect(problemsOf("staging", beyond)).toEqual(["staging: OCR_INSTANCES is 3, more than the container's max_instances 2"]);
    const noImage = broken("staging", (c) => {
      c.containers![0]!.image = `${ROOT}services/ocr/Dockerfile.missing`;
    });
    expect(problemsOf("staging", noImage)).toEqual([expect.stringMatching(/image .*Dockerfile.missing does not exist/)]);
    const byUrl = broken("production", (c) => {
      c.vars.OCR_URL = "https://ocr.example.com";
    });
    expect(problemsOf("production", byUrl)).toEqual([expect.stringMatching(/OCR_URL must be empty/)]);
  });

  it("refuse a queue nobody consumes and resources two environments share", () => {
    const noDlqConsumer = broken("staging", (c) => {
      c.queues.consumers = c.queues.consumers!.filter((q) => !q.queue.endsWith("-dlq"));
    });
    expect(problemsOf("staging", noDlqConsumer)).toEqual(["staging: dead-letter queue registry-pipeline-staging-dlq has no consumer"]);
    const sharing = broken("staging", (c) => {
      c.r2_buckets = [{ binding: "FILES", bucket_name: "registry-files" }];
    });
    expect(checks.sharedResources({ staging: sharing, production: committed.production! })).toEqual([
      "R2 registry-files is used by staging and production",
    ]);
  });

  it("make `npm run deploy -- --dry-run` exit 1 naming the problem, before it builds anything", () => {
    const path = `wrangler.deploy-test-${process.pid}.toml`;
    written.push(`${ROOT}${path}`);
    const text = fs.readFileSync(`${ROOT}wrangler.toml`, "utf8");
    fs.writeFileSync(`${ROOT}${path}`, text.replace(/(\[env\.production\.vars\][\s\S]*?)SHARDS = "256"/, '$1SHARDS = "300"'));
    const run = spawnSync(process.execPath, ["scripts/deploy.mjs", "--dry-run", "--env", "production", "--config", path], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("production: SHARDS is 300, but SHARD_256 is not a D1 binding");
    expect(run.stdout).not.toContain("bundle:");
  }, 60_000);
});
