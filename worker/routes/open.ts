/**
 * @module The open API (/api/open/v1): X-Api-Key auth, the account's rate window, the resource
 * routers, and the OpenAPI document generated from the same zod schemas the handlers validate with.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../context";
import { apiKeyAuth } from "../middleware/auth";
import { admitOrdinaryRequest, rateLimitHeaders } from "../middleware/rate-limit";
import { registerEntitlementRoutes } from "./account/entitlements";
import { registerCreateCheck } from "./checks/create";
import { registerGetCheck } from "./checks/get";
import { registerGetEvidenceLocations } from "./checks/get-evidence-locations";
import { registerGetCheckResult } from "./checks/get-result";
import { registerGetCheckResultNavigation } from "./checks/get-result-navigation";
import { registerListChecks } from "./checks/list";
import { registerListCheckResults } from "./checks/list-results";
import { registerDocumentContent } from "./documents/content";
import { registerCreateQuery } from "./queries/create";
import { registerGetQuery } from "./queries/get";
import { registerGetRegistration } from "./queries/get-registration";
import { registerListQueries } from "./queries/list";
import { registerListRegistrations } from "./queries/list-registrations";
import { countRefusedCreation } from "../middleware/count-refused-creation";
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
  // The order of registration is the order of the OpenAPI document's paths.
  registerListQueries(ordinary);
  registerGetQuery(ordinary);
  registerListRegistrations(ordinary);
  registerGetRegistration(ordinary);
  registerListChecks(ordinary);
  registerGetCheck(ordinary);
  registerListCheckResults(ordinary);
  registerGetCheckResult(ordinary);
  registerGetCheckResultNavigation(ordinary);
  registerGetEvidenceLocations(ordinary);
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
