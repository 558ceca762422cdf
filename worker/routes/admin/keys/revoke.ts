/** @module DELETE /accounts/{id}/keys/{keyId} (management-api.md); the account's cached keys are forgotten. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { OPERATOR } from "../../../domain/audit";
import { revokeApiKey } from "../../../services/api-key-lifecycle";
import type { RouteGroup } from "../../router";
import { KeyParams } from "../../../schemas/admin";

const route = createRoute({
  method: "delete",
  path: "/accounts/{id}/keys/{keyId}",
  request: { params: KeyParams },
  responses: { 204: { description: "Revoked" }, ...errorResponses("NOT_FOUND") },
});

export function registerRevokeKey(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const { id, keyId } = c.req.valid("param");
    await revokeApiKey(c, id, keyId, OPERATOR);
    return c.body(null, 204);
  });
}
