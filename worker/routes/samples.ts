/**
 * @module Code samples per operation, in curl, the TypeScript client and Python requests, generated
 * from one description of each request: the docs page shows them (`x-codeSamples` and the operation's
 * description) and scripts/check-samples.mjs runs every curl and TypeScript sample against a server.
 * Ids come from environment variables, so a sample runs as printed once they are set.
 */

/** The README's demo: a sandbox subject and criteria its registrations really contain. */
export const DEMO = { subject: "上海示例供应链管理有限公司", invoiceNo: "11050292", keyword: "应收账款" } as const;

/** The id a sample needs, by the environment variable that holds it. */
const IDS = {
  QUERY_ID: { ts: "queryId", py: "query_id" },
  REGISTRATION_ID: { ts: "registrationId", py: "registration_id" },
  CHECK_ID: { ts: "checkId", py: "check_id" },
  DOCUMENT_ID: { ts: "documentId", py: "document_id" },
} as const;
export type IdVariable = keyof typeof IDS;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface SampleRequest {
  method: "GET" | "HEAD" | "POST";
  /** Under /api/open/v1; `{QUERY_ID}` and the like are the ids of the environment. */
  path: string;
  query?: Array<[string, string]>;
  /** A JSON body; a string `{QUERY_ID}` in it is that id. Creations get a fresh Idempotency-Key. */
  body?: Json;
  /** The TypeScript client's call, an expression on `client` using the ids' camelCase names. */
  client: string;
  /** What the sample does with the answer: print its JSON, save the file, or print the headers. */
  output: "json" | "file" | "headers";
}

const OPEN = "/api/open/v1";
const ID_PLACEHOLDER = /\{([A-Z_]+)\}/g;

function idsOf(request: SampleRequest): IdVariable[] {
  const text = `${request.path} ${JSON.stringify(request.body ?? null)} ${JSON.stringify(request.query ?? [])}`;
  return [...new Set([...text.matchAll(ID_PLACEHOLDER)].map((m) => m[1] as IdVariable))].filter((name) => name in IDS);
}

/** `?a=1&b=$DOCUMENT_ID`: values encoded, ids left for the shell to expand. */
const queryString = (request: SampleRequest) =>
  request.query?.length
    ? `?${request.query.map(([k, v]) => `${k}=${v.replace(ID_PLACEHOLDER, "$$$1") === v ? encodeURIComponent(v) : v.replace(ID_PLACEHOLDER, "$$$1")}`).join("&")}`
    : "";

/** A quoted shell word; ids stay expandable (`"'"$QUERY_ID"'"` inside single-quoted JSON). */
function curl(request: SampleRequest): string {
  const url = `"$REGISTRY_API_URL${OPEN}${request.path.replace(ID_PLACEHOLDER, "$$$1")}${queryString(request)}"`;
  const lines = [request.method === "HEAD" ? "curl -sS --fail-with-body -I" : "curl -sS --fail-with-body", '-H "X-Api-Key: $REGISTRY_API_KEY"'];
  if (request.method === "POST") {
    lines.push('-H "Content-Type: application/json"', "-H \"Idempotency-Key: $(node -p 'crypto.randomUUID()')\"");
    lines.push(`-d '${JSON.stringify(request.body).replace(/"\{([A-Z_]+)\}"/g, `"'"$$$1"'"`)}'`);
  }
  if (request.output === "file") lines.push("-o document.bin");
  lines.push(url);
  return lines.join(" \\\n  ");
}

/** A JSON value as a literal of the sample's language; an id placeholder becomes that id's variable. */
function literal(value: Json, language: "ts" | "py"): string {
  if (typeof value === "string") {
    const id = /^\{([A-Z_]+)\}$/.exec(value)?.[1] as IdVariable | undefined;
    return id && id in IDS ? IDS[id][language] : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, language)).join(", ")}]`;
  if (value === null) return language === "py" ? "None" : "null";
  if (typeof value === "boolean") return language === "py" ? (value ? "True" : "False") : String(value);
  if (typeof value === "number") return String(value);
  const entries = Object.entries(value).map(([k, v]) => `${language === "py" ? JSON.stringify(k) : k}: ${literal(v, language)}`);
  return language === "py" ? `{${entries.join(", ")}}` : `{ ${entries.join(", ")} }`;
}

function typescript(request: SampleRequest): string {
  const ids = idsOf(request);
  const lines = [
    ...(request.output === "file" ? ['import { writeFile } from "node:fs/promises";'] : []),
    // A HEAD has no client method: the client reads bodies, and HEAD answers none.
    ...(request.output === "headers"
      ? []
      : [
          'import { RegistryClient } from "@registry-check/client";',
          "",
          "const client = new RegistryClient({ apiKey: process.env.REGISTRY_API_KEY!, baseUrl: process.env.REGISTRY_API_URL });",
        ]),
    ...ids.map((name) => `const ${IDS[name].ts} = process.env.${name}!;`),
  ];
  const call = request.body === undefined ? request.client : request.client.replace("$body", literal(request.body, "ts"));
  if (request.output === "file") {
    lines.push(
      `const file = await ${call};`,
      'await writeFile("document.bin", file.body);',
      "console.log(file.status, file.contentType, file.size, file.fileName);",
    );
  } else if (request.output === "headers") {
    lines.push(`const head = await ${call};`, "console.log(head.status, Object.fromEntries(head.headers));");
  } else lines.push(`console.log(JSON.stringify(await ${call}, null, 2));`);
  return lines.join("\n");
}

function python(request: SampleRequest): string {
  const ids = idsOf(request);
  const path = request.path.replace(ID_PLACEHOLDER, (_, name: IdVariable) => `{${IDS[name].py}}`);
  const params = request.query?.length ? `, params={${request.query.map(([k, v]) => `"${k}": ${literal(v, "py")}`).join(", ")}}` : "";
  const headers = ['"X-Api-Key": os.environ["REGISTRY_API_KEY"]', ...(request.method === "POST" ? ['"Idempotency-Key": str(uuid.uuid4())'] : [])];
  const body = request.body === undefined ? "" : `, json=${literal(request.body, "py")}`;
  const lines = [
    `import os${request.method === "POST" ? ", uuid" : ""}${request.output === "json" ? ", json" : ""}`,
    "import requests",
    "",
    `API = os.environ["REGISTRY_API_URL"] + "${OPEN}"`,
    ...ids.map((name) => `${IDS[name].py} = os.environ["${name}"]`),
    `r = requests.${request.method.toLowerCase()}(f"{API}${path}"${params}, headers={${headers.join(", ")}}${body}${request.output === "file" ? ", stream=True" : ""})`,
    "r.raise_for_status()",
  ];
  if (request.output === "json") lines.push("print(json.dumps(r.json(), ensure_ascii=False, indent=2))");
  else if (request.output === "headers") lines.push("print(r.status_code, dict(r.headers))");
  else lines.push('with open("document.bin", "wb") as f:', "    for chunk in r.iter_content(65536):", "        f.write(chunk)");
  return lines.join("\n");
}

const CHECK_BODY: Json = {
  applicant: DEMO.subject,
  criteria: [
    { kind: "invoice_no", value: DEMO.invoiceNo },
    { kind: "keyword", value: DEMO.keyword },
  ],
  sourceRegistryQueryId: "{QUERY_ID}",
};

/** One request per operation of the open API, keyed by operationId. */
export const SAMPLE_REQUESTS: Record<string, SampleRequest> = {
  getEntitlements: { method: "GET", path: "/account/entitlements", client: "client.getEntitlements()", output: "json" },
  createQueries: {
    method: "POST",
    path: "/queries",
    body: { subjectNames: [DEMO.subject] },
    client: `client.createQueries([${JSON.stringify(DEMO.subject)}])`,
    output: "json",
  },
  listQueries: { method: "GET", path: "/queries", query: [["pageSize", "5"]], client: "client.listQueries({ pageSize: 5 })", output: "json" },
  getQuery: { method: "GET", path: "/queries/{QUERY_ID}", client: "client.getQuery(queryId)", output: "json" },
  listRegistrations: {
    method: "GET",
    path: "/queries/{QUERY_ID}/registrations",
    query: [
      ["parseStatus", "completed"],
      ["pageSize", "5"],
    ],
    client: 'client.listRegistrations(queryId, { parseStatus: ["completed"], pageSize: 5 })',
    output: "json",
  },
  getRegistration: {
    method: "GET",
    path: "/queries/{QUERY_ID}/registrations/{REGISTRATION_ID}",
    client: "client.getRegistration(queryId, registrationId)",
    output: "json",
  },
  downloadDocument: { method: "GET", path: "/documents/{DOCUMENT_ID}/content", client: "client.download(documentId)", output: "file" },
  headDocument: {
    method: "HEAD",
    path: "/documents/{DOCUMENT_ID}/content",
    output: "headers",
    client:
      'fetch(`${process.env.REGISTRY_API_URL}/api/open/v1/documents/${documentId}/content`, { method: "HEAD", headers: { "X-Api-Key": process.env.REGISTRY_API_KEY! } })',
  },
  createCheck: { method: "POST", path: "/checks", body: CHECK_BODY, client: "client.createCheck($body)", output: "json" },
  listChecks: { method: "GET", path: "/checks", query: [["pageSize", "5"]], client: "client.listChecks({ pageSize: 5 })", output: "json" },
  getCheck: { method: "GET", path: "/checks/{CHECK_ID}", client: "client.getCheck(checkId)", output: "json" },
  listCheckResults: {
    method: "GET",
    path: "/checks/{CHECK_ID}/results",
    query: [
      ["matchStatus", "matched"],
      ["sort", "strength"],
    ],
    client: 'client.listCheckResults(checkId, { matchStatus: ["matched"], sort: "strength" })',
    output: "json",
  },
  getCheckResult: {
    method: "GET",
    path: "/checks/{CHECK_ID}/results/{REGISTRATION_ID}",
    client: "client.getCheckResult(checkId, registrationId)",
    output: "json",
  },
  getCheckResultNavigation: {
    method: "GET",
    path: "/checks/{CHECK_ID}/results/{REGISTRATION_ID}/navigation",
    query: [["matchStatus", "matched"]],
    client: 'client.getCheckResultNavigation(checkId, registrationId, { matchStatus: ["matched"] })',
    output: "json",
  },
  getEvidenceLocations: {
    method: "GET",
    path: "/checks/{CHECK_ID}/results/{REGISTRATION_ID}/evidence-locations",
    query: [
      ["documentId", "{DOCUMENT_ID}"],
      ["pageNumber", "1"],
    ],
    client: "client.getEvidenceLocations(checkId, registrationId, documentId, 1)",
    output: "json",
  },
};

export type Language = "curl" | "TypeScript" | "Python";
export interface CodeSample {
  lang: Language;
  label: string;
  source: string;
}

/** The samples of one operation, in the order the docs page shows them. */
export function codeSamples(operationId: string): CodeSample[] {
  const request = SAMPLE_REQUESTS[operationId];
  if (!request) return [];
  return [
    { lang: "curl", label: "curl", source: curl(request) },
    { lang: "TypeScript", label: "TypeScript (@registry-check/client)", source: typescript(request) },
    { lang: "Python", label: "Python (requests)", source: python(request) },
  ];
}
