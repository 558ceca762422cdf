/**
 * @module The open API (/api/open/v1): X-Api-Key auth, the account's rate window, the resource
 * routers, and the OpenAPI document generated from the same zod schemas the handlers validate with.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiKeyAuth } from "../middleware/auth";
import { admitOrdinaryRequest, rateLimitHeaders } from "../middleware/rate-limit";
import { registerEntitlementRoutes } from "./account/entitlements";
import { registerCreateQuery } from "./queries/create";
import { registerQueryReads } from "./queries/read";
import { registerDocumentContent } from "./documents/content";
import { registerCreateCheck } from "./checks/create";
import { registerCheckReads } from "./checks/read";
import { registerCheckResults } from "./checks/results";
import { countRefusedCreation } from "./tasks/submit";
import { registerDocumentation } from "./docs";
import { openApiRouter, routeGroup } from "./router";

export function createOpenApi(): OpenAPIHono<AppEnv> {
  const api = openApiRouter();
  // The document and its page are public: they describe the API and hold nothing of an account.
  // Registered before the middleware, their handlers answer before a key is asked for.
  registerDocumentation(api);

  // Every path below needs a key, known or not: a caller learns which paths and methods exist only
  // once authenticated (401 before 404 or 405).
  api.use("*", rateLimitHeaders, apiKeyAuth);

  // Ordinary requests: one AccountGate call counts each in the account's window.
  const ordinary = routeGroup(api, admitOrdinaryRequest);
  registerEntitlementRoutes(ordinary);
  registerQueryReads(ordinary);
  registerCheckReads(ordinary);
  registerCheckResults(ordinary);
  // Task creation counts itself in the AccountGate call that creates; a refusal before that still counts.
  const creations = routeGroup(api, countRefusedCreation);
  registerCreateQuery(creations);
  registerCreateCheck(creations);
  // Downloads count themselves in the call that takes their lease (HEAD too: the GET route answers it).
  registerDocumentContent(routeGroup(api));

  // Reached only when no route answered (an unknown path, a wrong method): it counts as ordinary.
  api.use("*", admitOrdinaryRequest);
  return api;
}
