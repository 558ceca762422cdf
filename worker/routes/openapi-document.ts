/**
 * @module The open API's OpenAPI 3.1 document: generated from the routes' zod schemas (the ones the
 * handlers validate with), plus what no single route states: the API key scheme, the tags, the
 * introduction, canonical header names, the X-Request-Id header every response carries, and per
 * operation its description, links, code samples (samples.ts) and success examples (captured from a
 * real run by scripts/capture-examples.mjs).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { RATE_LIMIT_POLICY, RATE_LIMITS, rateLimitField } from "../domain/rate-limit";
import { DEFAULT_MESSAGES, ERROR_STATUS, type ErrorCode } from "../errors";
import { MAX_BODY_BYTES } from "../middleware/json-body";
import EXAMPLES from "./openapi-examples.json";
import { HEAD_DOCUMENT_OPERATION_ID, OPERATION_DOCS } from "./operation-docs";
import { codeSamples } from "./samples";

type Document = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;

const INTRODUCTION = `Asynchronous registry queries and duplicate checks over movable-property registration records.

**Authentication.** Every call carries \`X-Api-Key: <API_KEY>\`, file downloads included. A key belongs to one
personal account; a resource of another account answers 404 like one that does not exist.

**Tasks.** \`POST /queries\` and \`POST /checks\` answer 202 with the task: accepted, not yet processed. There are
no webhooks: poll \`GET /queries/{id}\` or \`GET /checks/{id}\`, starting at 3 s and backing off to 30 s, under a
deadline of your own. \`queued\`, \`waiting_resource\` and \`processing\` are not terminal: keep polling the same id,
never create a new task because one waits. A missing field or an unknown status value is an error: keep the
task id and never treat the task as complete. Read \`coverageComplete\` and \`sourceStatus\` with
\`executionStatus\`: when coverage is incomplete or the source is unavailable or quarantined, a miss does not rule
out risk.

**Idempotency.** Creation needs \`Idempotency-Key\` (1 to 128 characters; a fresh UUID per business intent). After
a timeout, a lost connection or a 503, send the same path, body and key again: the replay returns the first
accepted response and is not charged again. The same key with another body is 409 \`IDEMPOTENCY_CONFLICT\`:
never change the body to force a retry.

**Limits.** Creating tasks: ${RATE_LIMITS.create} a minute; other requests: ${RATE_LIMITS.other} a minute; all keys of an account
together. Over a limit the answer is 429 with \`Retry-After\` (seconds): wait, then continue with the same intent.
Every response says where the account stands (draft-ietf-httpapi-ratelimit-headers): \`RateLimit-Policy\` names the
two quotas, \`RateLimit\` the one this request counted in, with \`r\` requests left and \`t\` seconds until one comes
back. A replay of an Idempotency-Key creates nothing and counts as an ordinary request.
At most 3 downloads at a time per account, a single byte range each. Request bodies up to ${MAX_BODY_BYTES / 1024} KiB.

**Evidence viewer.** \`GET /viewer#check={checkId}&result={registrationId}\` (outside this base path, same origin) is
a page for reviewers: it draws a result's evidence pages in the browser with each hit boxed from
\`evidence-locations\`, the snippet, and previous / next across the check's matched results. The reviewer types the
API key into the page; it stays in the tab's memory and is sent only as \`X-Api-Key\` on the page's own calls to
this API (never in a URL), so every byte shown passes the same authentication and ownership checks.

**Errors.** Every response carries \`X-Request-Id\`. An error body is \`{code, message, requestId, details?}\`; a
validation failure lists \`details.fields\` of \`{path, code, message}\`, where \`path\` is a field path, an array
index, a header name, or \`$\` for the whole body. Messages never echo submitted values.
`;

/** The codes the operations document (their error examples are keyed by code), as a table. */
function errorTable(codes: ReadonlySet<string>): string {
  const rows = (Object.keys(ERROR_STATUS) as ErrorCode[])
    .filter((code) => codes.has(code))
    .map((code) => `| ${ERROR_STATUS[code]} | \`${code}\` | ${DEFAULT_MESSAGES[code]} |`);
  return `\n| HTTP | code | meaning |\n|---|---|---|\n${rows.join("\n")}\n`;
}

export const DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "Registry Query and Duplicate-Check Open API",
    version: "1.0.0",
    description: INTRODUCTION,
    // No public licence: the API is offered under each customer's contract.
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
  },
  servers: [{ url: "/api/open/v1", description: "This deployment" }],
  security: [{ ApiKey: [] }],
  tags: [
    { name: "Account", description: "Subscription and allowances of the key's account" },
    { name: "Queries", description: "Registration lists and parsed certificates of 1 to 100 subjects" },
    { name: "Checks", description: "Duplicate checks of invoice numbers and keywords, with evidence" },
    { name: "Documents", description: "Certificate and attachment files, streamed" },
  ],
};

/** Components no route schema produces; registered on the router's registry. */
export function registerDocumentComponents(api: OpenAPIHono<AppEnv>): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "ApiKey", {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "The account's API key (shown once, when the key is created). Required on every call, downloads included.",
  });
  api.openAPIRegistry.registerComponent("headers", "RateLimit-Policy", {
    description:
      "The account's quota policies (draft-ietf-httpapi-ratelimit-headers §3): `default` for ordinary requests, `create` for task creation; `q` requests per `w` seconds, all keys of the account together.",
    schema: { type: "string", example: RATE_LIMIT_POLICY },
  });
  api.openAPIRegistry.registerComponent("headers", "RateLimit", {
    description:
      "The policy this request counted in (draft-ietf-httpapi-ratelimit-headers §4): `r` requests left, `t` seconds until the oldest counted request leaves the rolling window. Absent when the request named no account (401).",
    schema: { type: "string", example: rateLimitField({ rateClass: "other", remaining: 117, resetSeconds: 58 }) },
  });
  api.openAPIRegistry.registerComponent("headers", "X-Request-Id", {
    description: "Identifies this request; quote it to support. Equals `requestId` in an error body.",
    schema: { type: "string", example: "req_3kq9x0v1b2n3m4l5" },
  });
}

/** `idempotency-key` → `Idempotency-Key`: Hono's validator sees header names lower-cased, people do not. */
export function canonicalHeaderName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

type MediaType = { schema?: unknown; examples?: Record<string, unknown> };
type ResponseObject = {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
  links?: Record<string, unknown>;
};
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, ResponseObject>;
  "x-codeSamples"?: unknown;
};
type Captured = { status: number; request?: unknown; response: unknown };
const CAPTURED: Record<string, Captured | undefined> = EXAMPLES;

const DEMO_EXAMPLE = { summary: "The README's demo (captured from a sandbox run)" };

/** Description, samples, links and the captured success example of one operation (mutates it). */
function describeOperation(operation: Operation): void {
  const id = operation.operationId ?? "";
  const doc = OPERATION_DOCS[id];
  const samples = codeSamples(id);
  // Swagger UI shows descriptions, not x-codeSamples (Redoc and others read those): the samples go in both.
  const sampleText = samples
    .map((sample) => `**${sample.label}**\n\n\`\`\`${sample.lang === "curl" ? "sh" : sample.lang.toLowerCase()}\n${sample.source}\n\`\`\``)
    .join("\n\n");
  const description = operation.description ?? doc?.description ?? "";
  operation.description = sampleText ? `${description}\n\n${sampleText}` : description;
  if (samples.length > 0) operation["x-codeSamples"] = samples;
  const captured = CAPTURED[id];
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) >= 300) continue;
    if (doc?.links) response.links = doc.links;
    const json = response.content?.["application/json"];
    if (json && captured && String(captured.status) === status) json.examples = { demo: { ...DEMO_EXAMPLE, value: captured.response } };
  }
  const body = operation.requestBody?.content?.["application/json"];
  if (body && captured?.request !== undefined) body.examples = { demo: { ...DEMO_EXAMPLE, value: captured.request } };
}

/**
 * HEAD on a download (Hono answers it with the GET handler, so no route registers it): the GET's
 * parameters and statuses, without bodies.
 */
function headOf(get: Operation): Operation {
  const responses = Object.fromEntries(
    Object.entries(get.responses ?? {}).map(([status, response]) => {
      const { content, ...rest } = response;
      return [status, Number(status) < 300 ? rest : { ...rest, content }];
    }),
  );
  return {
    ...get,
    operationId: HEAD_DOCUMENT_OPERATION_ID,
    summary: "Read a file's size, type and ETag without downloading it",
    description: undefined,
    responses,
  };
}

/** Applies what holds for every operation to a freshly generated document (mutates and returns it). */
export function finishDocument(document: Document): Document {
  const codes = new Set<string>();
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>) {
    if (item.get?.operationId === "downloadDocument") item.head = headOf(item.get);
    for (const operation of Object.values(item)) {
      describeOperation(operation);
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === "header" && parameter.name) parameter.name = canonicalHeaderName(parameter.name);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        response.headers = {
          ...response.headers,
          "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
          "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
          RateLimit: { $ref: "#/components/headers/RateLimit" },
        };
        if (Number(status) >= 400) for (const code of Object.keys(response.content?.["application/json"]?.examples ?? {})) codes.add(code);
      }
    }
  }
  document.info.description = `${document.info.description ?? ""}${errorTable(codes)}`;
  return document;
}

const generated = new WeakMap<OpenAPIHono<AppEnv>, Document>();

/** The document of `api`, generated once per router: the routes do not change after start-up. */
export function openApiDocument(api: OpenAPIHono<AppEnv>): Document {
  let document = generated.get(api);
  if (!document) {
    document = finishDocument(api.getOpenAPI31Document(DOCUMENT_CONFIG));
    generated.set(api, document);
  }
  return document;
}
