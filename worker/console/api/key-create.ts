/**
 * @module POST /keys (owner, analyst): the open API's key rules; the full key is in this response only.
 * Minting a key from a session is a change to the account's security: it asks for step-up (a stolen
 * session must not mint itself a key that outlives the session), and its `key.created` event names the
 * session and what proved the user (`fromSession`), which the owner's overview lists.
 */
import { createRoute } from "@hono/zod-openapi";
import { KEY_AND_REVIEW_ROLES } from "../../domain/console-session";
import { requireRole } from "../auth/console-session";
import { requireStepUp } from "../auth/step-up";
import { CreatedKeySchema } from "../../schemas/admin";
import { ConsoleCreateKeyBody } from "../../schemas/console";
import { createApiKey } from "../../services/api-key-lifecycle";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/keys",
  middleware: [requireRole(KEY_AND_REVIEW_ROLES)],
  request: { body: { required: true, content: { "application/json": { schema: ConsoleCreateKeyBody } } } },
  responses: {
    201: { description: "The key; `key` is shown only here", content: { "application/json": { schema: CreatedKeySchema } } },
    ...errorResponses(
      "VALIDATION_FAILED",
      "UNAUTHENTICATED",
      "INVALID_CREDENTIALS",
      "SUBSCRIPTION_REQUIRED",
      "KEY_LIMIT_REACHED",
      "ROLE_FORBIDDEN",
      "CSRF_TOKEN_INVALID",
      "RATE_LIMITED",
      "SERVICE_UNAVAILABLE",
    ),
  },
});

export function registerKeyCreate(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { currentPassword, totp, ...request } = c.req.valid("json");
    const { detail } = await requireStepUp(c, { currentPassword, totp });
    const { accountId, actor } = c.get("principal");
    c.header("Cache-Control", "no-store");
    return c.json(await createApiKey(c, accountId, request, actor, { fromSession: detail }), 201);
  });
}
