/**
 * The import rules of the layers (README, Architecture): `npm run lint:deps`, run in CI (.ci/run).
 * Circles are refused whether the imports are runtime or type-only: a type circle still means two
 * modules each own part of the other's shape, and it turns into a runtime one with the next import.
 */
/** Binding code: what talks to D1, R2, Queues, Durable Objects, HTTP or the Workers runtime. */
const BINDING_CODE = [
  "^worker/db/",
  "^worker/routes/",
  "^worker/console/",
  "^worker/middleware/",
  "^worker/app\\.ts$",
  "^worker/index\\.ts$",
  "^worker/upstream/http/",
  "^queues/",
  "^durable-objects/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "connector-below-stub",
      severity: "error",
      comment:
        "The gateway stub imports the connector's HTTP plumbing (its image holds only its own folder); the connector and its replica never import the stub.",
      from: { path: "^services/registry-connector/" },
      to: { path: "^gateway-stub/" },
    },
    {
      name: "replica-can-disagree",
      severity: "error",
      comment:
        "The registry replica reads SOAP, decrypts SM2 and words its faults with code of its own, so that it can disagree with the connector (docs/registry-connector.md): only the shared HTTP plumbing is shared.",
      from: { path: "^services/registry-connector/replica/" },
      to: { path: "^services/registry-connector/[^/]+$", pathNot: "^services/registry-connector/http-plumbing\\.mjs$" },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "Two modules that import each other (types included): move the shared shape to the module that owns it.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      severity: "error",
      comment: "worker/domain is pure code: no bindings, no HTTP framework, no ORM, no runtime modules (STYLE.md, Layout).",
      from: { path: "^worker/domain/" },
      to: { path: [...BINDING_CODE, "^cloudflare:", "(^|/)node_modules/(hono|@hono|drizzle-orm)/"] },
    },
    {
      name: "routes-no-table-definitions",
      // An error since routes stopped importing tables (before: keys.ts and accounts.ts did, a warning).
      severity: "error",
      comment: "Routes and Durable Objects call worker/db functions named for what they do, never the drizzle tables.",
      from: { path: ["^worker/routes/", "^worker/console/(api|pages)/", "^durable-objects/"] },
      to: { path: "^worker/db/schema" },
    },
    {
      name: "contract-below-routes",
      severity: "error",
      comment:
        "The public shapes live in worker/schemas (the contract); serializers, the client, the data layer and the schemas themselves import them from there, never from a route.",
      from: {
        path: [
          "^worker/serializers/",
          "^worker/services/",
          "^client/",
          "^worker/schemas/",
          "^worker/db/",
          "^worker/domain/",
          "^queues/",
          "^durable-objects/",
        ],
      },
      to: { path: ["^worker/routes/", "^worker/console/(api|pages)/"] },
    },
    {
      name: "no-route-to-route",
      severity: "error",
      comment:
        "One file per operation, nothing shared sideways: what two operations share is a service (worker/services), a schema or a serializer. Only a folder's index.ts (the list it registers) and the route infrastructure beside the folders (router.ts, responses.ts) are imported.",
      from: {
        path: ["^worker/routes/[^/]+/", "^worker/console/(api|pages)/"],
        pathNot: ["^worker/routes/[^/]+/index\\.ts$", "^worker/console/(api|pages)/index\\.ts$", "/browser/"],
      },
      // A page may read a data table its browser modules use too (the review screen's shortcuts), so the two cannot drift.
      to: { path: ["^worker/routes/[^/]+/", "^worker/console/(api|pages|browser)/"], pathNot: "/browser/[^/]+\\.js$" },
    },
    {
      name: "schemas-are-the-bottom",
      severity: "error",
      comment: "worker/schemas describes shapes: it imports zod and other schemas (and the error code table), nothing that reads or serves them.",
      from: { path: "^worker/schemas/" },
      to: { path: ["^worker/(serializers|db|middleware|upstream|pdf|ocr|domain)/", "^queues/", "^durable-objects/", "^client/"] },
    },
    {
      name: "lib-is-the-ground-floor",
      severity: "error",
      comment:
        "worker/lib holds helpers that know nothing of the product (ids, time, crypto, tokens): they import npm packages and each other, nothing of the project; what writes through the data layer is a service.",
      from: { path: "^worker/lib/" },
      to: { path: "^(worker|queues|durable-objects|client|cli)/", pathNot: "^worker/lib/" },
    },
    {
      name: "upstream-not-to-db",
      severity: "error",
      comment:
        "worker/upstream is the registry adapter: the data layer implements its interfaces (db/fixtures.ts is a FixtureStore), never the other way; the wiring of the two is queues/upstream.ts.",
      from: { path: "^worker/upstream/" },
      to: { path: "^worker/db/" },
    },
    {
      name: "tooling-one-way",
      severity: "error",
      comment: "Benchmarks use the scripts' helpers (scripts/lib); scripts never import a benchmark.",
      from: { path: "^scripts/" },
      to: { path: "^bench/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing is a typo or a missing dependency.",
      // Browser modules import what the Worker serves beside them (pdf.js) by URL, not from the tree.
      from: { pathNot: "/browser/" },
      to: { couldNotResolve: true, pathNot: ["^cloudflare:"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^dist/", "^\\.wrangler/", "^client/dist/"] },
    // Type-only imports count: they are edges of a circle too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types", "workerd", "worker"],
      extensions: [".ts", ".mts", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    builtInModules: { add: ["cloudflare:workers", "cloudflare:test", "cloudflare:sockets", "cloudflare:email", "node:sqlite"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
