/** @module PATCH /accounts/{id} (management-api.md): disable or enable an account; its cached keys are forgotten. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { setAccountDisabled } from "../../../db/accounts";
import { forgetAccount } from "../../../auth/key-cache";
import { toAdminAccount } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { AccountParams, AccountSchema, PatchAccountBody } from "../../../schemas/admin";
import { requireAccount } from "../../../services/lookups";
import { json } from "../../responses";

const route = createRoute({
  method: "patch",
  path: "/accounts/{id}",
  request: { params: AccountParams, body: { ...json(PatchAccountBody), required: true } },
  responses: { 200: { description: "Account", ...json(AccountSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerUpdateAccount(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const { disabled } = c.req.valid("json");
    await setAccountDisabled(c.env.DB, account.id, disabled);
    forgetAccount(account.id);
    return c.json(toAdminAccount({ ...account, disabled }), 200);
  });
}
