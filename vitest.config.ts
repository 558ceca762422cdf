import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { buildStaticAssets } from "./scripts/build-static-assets.mjs";

/** Tests of the http upstream: their own workerd project, UPSTREAM=http against the gateway stub. */
const GATEWAY_TESTS = "test/upstream-http.*.test.ts";
/** Tests of the direct-connect path: the Worker (UPSTREAM=http) → the registry connector → the registry's replica. */
const DIRECT_TESTS = "test/upstream-direct.*.test.ts";
/** The certificate corpus reads committed PDFs from disk, which workerd cannot: a plain Node project. */
const CORPUS_TESTS = "test/corpus/**/*.test.ts";
/** Checks over OCR'd files: their own workerd project, OCR_URL naming the OCR stand-in (test/setup/ocr-standin.ts). */
const OCR_TESTS = "test/checks.ocr.test.ts";
/** OCR through the container binding: the Worker with a stand-in container class (test/setup/ocr-container-main.ts). */
const OCR_CONTAINER_TESTS = "test/ocr.container.test.ts";
/** Tests of Node services beside the Worker (the OCR service): plain Node too. */
const NODE_TESTS = "test/node/**/*.test.ts";
/**
 * Test files that get a fresh runtime and storage each. Every other workerd test file shares one runtime
 * and its storage with the files before it (isolate: false), because a fresh runtime per file cost about
 * 5 s of start-up and module transform each, most of the suite's time; those tests make their own
 * accounts and look only at what they made. Isolated stay the tests that read process-wide state (the
 * operator's backlog and dead letters, the sweep's counts, shard moves, the upstream pool's slots and
 * the states a query passes through while it waits for one) and the request fuzzers, whose
 * hundreds of tasks would go on running in a shared runtime under the files after them.
 */
const ISOLATED_TESTS = [
  "test/faults.pipeline.test.ts",
  "test/operations.*.test.ts",
  "test/queries.redelivery.test.ts",
  "test/shards*.test.ts",
  "test/queries.pacing.test.ts",
  "test/upstream-pool.test.ts",
  "test/faults.upstream.test.ts",
  "test/fuzz.*.test.ts",
];

/**
 * The order in which the projects' files are handed to the workers. Vitest's own order is by project
 * name, which put the 99 short files of the shared runtime ahead of the long ones; with two workers the
 * run ends when the last file does, so the long files go first (the direct-connect time budget: 45 s
 * mostly waiting; the Node project's npm start and CLI runs) and the shared runtime's short files last,
 * where they fill whichever worker frees first. Within a project, Vitest's order (larger files first).
 */
const PROJECT_ORDER = ["direct", "node", "gateway", "ocr", "ocr-container", "workers-isolated", "workers"];

class LongProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(spec.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    // Array.prototype.sort is stable: Vitest's order holds within a project.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig(async () => {
  // public/ (wrangler.toml [assets]: Swagger UI, the viewer's files, the sandbox's scans) is generated.
  buildStaticAssets();
  const migrations = await readD1Migrations("./migrations");
  // Every shard D1 binding (wrangler.toml: SHARD_0, SHARD_1) gets these (test/setup/apply-migrations.ts).
  const shardMigrations = await readD1Migrations("./migrations/shard");
  // No OCR service unless a project starts one: wrangler.toml's local default would be called otherwise.
  const bindings = {
    TEST_MIGRATIONS: migrations,
    TEST_SHARD_MIGRATIONS: shardMigrations,
    ADMIN_TOKEN: "test-admin-token",
    // Seals TOTP secrets (worker/console/auth/secret-box.ts); test/console.totp-at-rest.test.ts rotates it in an env of its own.
    CONSOLE_SECRET_KEY: "dGVzdC1jb25zb2xlLXNlY3JldC1rZXktMzJieXRlcyE=",
    SANDBOX_SLOW_MS: "40",
    CHECK_SLICE: "3",
    // A slice writes each registration's results and evidence on its own (queues/check/chunked-writes.ts).
    CHECK_CHUNK: "1",
    OCR_URL: "",
  };
  const test = {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["./test/setup/apply-migrations.ts"],
    // The Worker's structured line per request and step (worker/observability/record.ts) would drown the
    // output; test/observability.logs.test.ts reads them itself.
    onConsoleLog: (log: string) => !log.startsWith('{"signal":'),
  };
  return {
    test: {
      // One worker per core. Vitest's default is cores - 1, on a 2-core machine one: every file then
      // runs after the one before, while most of them wait on workerd, a child process or a timer with
      // a core idle. Two workers overlap those waits and keep both cores busy; each file still has a
      // runtime (in the shared project, the runtime it shares) to itself, so no test sees another's
      // work. npm run test:browser keeps one (--maxWorkers=1): two Chromiums and two wrangler devs
      // would share the cores.
      maxWorkers: "100%",
      sequence: { sequencer: LongProjectsFirst },
      projects: [
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              // A local send_email binding: invitations go by email only where INVITE_EMAIL_FROM is set too,
              // which test/console.invitations.test.ts does in an env of its own.
              miniflare: { bindings, email: { send_email: [{ name: "INVITE_EMAIL" }] } },
            }),
          ],
          test: {
            ...test,
            name: "workers",
            include: ["test/**/*.test.ts"],
            exclude: [
              ...configDefaults.exclude,
              GATEWAY_TESTS,
              DIRECT_TESTS,
              CORPUS_TESTS,
              NODE_TESTS,
              OCR_TESTS,
              OCR_CONTAINER_TESTS,
              ...ISOLATED_TESTS,
            ],
            isolate: false,
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { bindings },
            }),
          ],
          test: { ...test, name: "workers-isolated", include: ISOLATED_TESTS },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { bindings: { ...bindings, UPSTREAM: "http", UPSTREAM_URL: inject("gatewayUrl"), UPSTREAM_TOKEN: inject("gatewayToken") } },
            })),
          ],
          test: { ...test, name: "gateway", include: [GATEWAY_TESTS], globalSetup: ["./test/setup/gateway-stub.ts"] },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: { ...bindings, UPSTREAM: "http", UPSTREAM_URL: inject("connectorUrl"), UPSTREAM_TOKEN: inject("connectorToken") },
              },
            })),
          ],
          test: { ...test, name: "direct", include: [DIRECT_TESTS], globalSetup: ["./test/setup/registry-direct.ts"] },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: { bindings: { ...bindings, OCR_URL: inject("ocrUrl"), OCR_TOKEN: inject("ocrToken") } },
            })),
          ],
          test: { ...test, name: "ocr", include: [OCR_TESTS], globalSetup: ["./test/setup/ocr-standin.ts"] },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              main: "./test/setup/ocr-container-main.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                bindings: { ...bindings, OCR_INSTANCES: "3", OCR_STANDIN_URL: inject("ocrUrl"), OCR_STANDIN_TOKEN: inject("ocrToken") },
                durableObjects: { OCR: { className: "OcrContainerStub", useSQLite: true } },
              },
            })),
          ],
          test: { ...test, name: "ocr-container", include: [OCR_CONTAINER_TESTS], globalSetup: ["./test/setup/ocr-standin.ts"] },
        },
        {
          test: { name: "node", include: [CORPUS_TESTS, NODE_TESTS], environment: "node", testTimeout: 120_000 },
        },
      ],
    },
  };
});
