/**
 * @module GET /status (an extension of management-api.md, docs/operations.md): is the pipeline
 * healthy, and if not, where: open tasks by state, the oldest, the last day's dead letters with their
 * reasons, OCR reachability, the day's certificate parse failure rate.
 */
import { createRoute } from "@hono/zod-openapi";
import { OperationsStatusSchema } from "../../../schemas/admin-operations";
import { operationsStatus } from "../../../services/operations-status";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";

const route = createRoute({
  method: "get",
  path: "/status",
  responses: {
    200: { description: "Where the pipeline stands now", content: { "application/json": { schema: OperationsStatusSchema } } },
    ...errorResponses(),
  },
});

export function registerGetStatus(admin: RouteGroup): void {
  admin.openapi(route, async (c) => c.json(await operationsStatus(c.env), 200));
}
