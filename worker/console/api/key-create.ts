/** @module POST /keys (owner, analyst): the open API's key rules; the full key is in this response only. */
import { createRoute, type z } from "@hono/zod-openapi";
import { KEY_AND_REVIEW_ROLES } from "../policy/sessions-and-roles";
import { requireRole } from "../auth/console-session";
import { CreateKeyBody, CreatedKeySchema } from "../../schemas/admin";
import { createApiKey } from "../../services/api-key-lifecycle";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/keys",
  middleware: [requireRole(KEY_AND_REVIEW_ROLES)],
  request: { body: { required: false, content: { "application/json": { schema: CreateKeyBody } } } },
  responses: {
    201: { description: "The key; `key` is shown only here", content: { "application/json": { schema: CreatedKeySchema } } },
    ...errorResponses("VALIDATION_FAILED", "SUBSCRIPTION_REQUIRED", "KEY_LIMIT_REACHED", "ROLE_FORBIDDEN", "CSRF_TOKEN_INVALID"),
  },
});

export function registerKeyCreate(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const body = (c.req.valid("json") as z.infer<typeof CreateKeyBody> | undefined) ?? {};
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await createApiKey(c, accountId, body, actor), 201);
  });
}
