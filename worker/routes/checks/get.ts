/** @module GET /checks/{id}: one check. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { CheckParams, CheckSchema } from "../../schemas/check";
import { requireCheck } from "../../services/lookups";
import { presentChecks } from "../../services/check-views";

const route = createRoute({
  method: "get",
  path: "/checks/{id}",
  operationId: "getCheck",
  tags: ["Checks"],
  summary: "Read one check",
  request: { params: CheckParams },
  responses: { 200: { description: "The check", ...json(CheckSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetCheck(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const row = await requireCheck(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
    return c.json((await presentChecks(c.env.DB, [row]))[0]!, 200);
  });
}
