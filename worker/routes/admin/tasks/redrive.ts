/**
 * @module POST /tasks/{id}/redrive (an extension of management-api.md, docs/operations.md): re-drive
 * a stuck or dead-lettered query or check by hand; idempotent, charged nothing twice, audited
 * (worker/services/task-redrive.ts).
 */
import { createRoute } from "@hono/zod-openapi";
import { ApiError } from "../../../errors";
import { auditEventOf, deliverAuditSoon } from "../../../services/audit-trail";
import { RedriveSchema, TaskParams } from "../../../schemas/admin-operations";
import { accountMoving } from "../../../services/account-moving";
import { redriveTask } from "../../../services/task-redrive";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";

const json = { "application/json": { schema: RedriveSchema } };

const route = createRoute({
  method: "post",
  path: "/tasks/{id}/redrive",
  request: { params: TaskParams },
  responses: {
    200: { description: "Nothing to re-drive: the task is finished and no dead letter of it is pending", content: json },
    202: { description: "Re-driven: its pending messages are sent (reopened first when the dead-letter queue had ended it)", content: json },
    ...errorResponses("NOT_FOUND", "SERVICE_UNAVAILABLE"),
  },
});

export function registerRedriveTask(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const outcome = await redriveTask(c.env, c.req.valid("param").id, (input) => auditEventOf(c, input));
    if (outcome.kind === "not_found") throw new ApiError("NOT_FOUND");
    if (outcome.kind === "moving") throw accountMoving();
    if (outcome.redrive.action === "none") return c.json(outcome.redrive, 200);
    deliverAuditSoon(c, outcome.accountId);
    return c.json(outcome.redrive, 202);
  });
}
