/** @module DELETE /accounts/{id}/keys/{keyId} (management-api.md); the account's cached keys are forgotten. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { revokeKey } from "../../../db/keys";
import { ApiError } from "../../../errors";
import { forgetAccount } from "../../../auth/key-cache";
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
    if (!(await revokeKey(c.env.DB, id, keyId, Date.now()))) throw new ApiError("NOT_FOUND");
    forgetAccount(id);
    return c.body(null, 204);
  });
}
