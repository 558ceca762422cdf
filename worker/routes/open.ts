/**
 * @module The open API (/api/open/v1): X-Api-Key auth, the account's rate window, the resource
 * routers, and the OpenAPI document generated from the same zod schemas the handlers validate with.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiKeyAuth } from "../middleware/auth";
import { admitOrdinaryRequest, rateLimitHeaders } from "../middleware/rate-limit";
import { validationError } from "../errors";
import { toFieldErrors } from "../validation";
import { registerEntitlementRoutes } from "./account/entitlements";
import { registerCreateQuery } from "./queries/create";
import { registerQueryReads } from "./queries/read";
import { registerDocumentContent } from "./documents/content";
import { registerCreateCheck } from "./checks/create";
import { registerCheckReads } from "./checks/read";
import { registerCheckResults } from "./checks/results";
import { countRefusedCreation } from "./tasks/submit";
import { jsonBody } from "../middleware/json-body";
import { registerDocumentation } from "./docs";

/** Header names as clients write them; Hono's validator sees them lower-cased. */
const HEADER_NAMES: Record<string, string> = { "idempotency-key": "Idempotency-Key", range: "Range" };

export function openApiRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      const fields = toFieldErrors(result.error, result.target).map((f) =>
        result.target === "header" ? { ...f, path: HEADER_NAMES[f.path] ?? f.path } : f,
      );
      throw validationError(fields);
    },
  });
}

export function createOpenApi(): OpenAPIHono<AppEnv> {
  const api = openApiRouter();
  // The document and its page are public: they describe the API and hold nothing of an account.
  // Registered before the middleware, their handlers answer before a key is asked for.
  registerDocumentation(api);

  api.use("*", rateLimitHeaders);
  api.use("*", apiKeyAuth);
  api.use("*", async (c, next) => (isSelfAdmitting(c.req.method, c.req.path) ? next() : admitOrdinaryRequest(c, next)));

  for (const path of ["/queries", "/checks"]) {
    api.on("POST", path, countRefusedCreation, jsonBody);
  }

  registerEntitlementRoutes(api);
  registerCreateQuery(api);
  registerQueryReads(api);
  registerDocumentContent(api);
  registerCreateCheck(api);
  registerCheckReads(api);
  registerCheckResults(api);
  return api;
}

/** Task creation and downloads count themselves inside their single AccountGate call. */
function isSelfAdmitting(method: string, path: string): boolean {
  if (method === "POST" && /\/(queries|checks)$/.test(path)) return true;
  // HEAD is answered by the GET handler (Hono), so it counts itself there too.
  return (method === "GET" || method === "HEAD") && /\/documents\/[^/]+\/content$/.test(path);
}
