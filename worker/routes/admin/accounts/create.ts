/** @module POST /accounts (management-api.md): a new account, placed on a shard in the same batch. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { insertAccount } from "../../../db/accounts";
import { placementWrite } from "../../../db/shards";
import { newId } from "../../../lib/ids";
import { toAdminAccount } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { AccountSchema, CreateAccountBody } from "../../../schemas/admin";
import { json } from "../../responses";

const route = createRoute({
  method: "post",
  path: "/accounts",
  request: { body: { ...json(CreateAccountBody), required: true } },
  responses: { 201: { description: "Created", ...json(AccountSchema) }, ...errorResponses("VALIDATION_FAILED") },
});

export function registerCreateAccount(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = { id: newId("acc"), name: c.req.valid("json").name, disabled: false, createdAt: Date.now() };
    const placement = await placementWrite(c.env, account.id, account.createdAt);
    await insertAccount(c.env.DB, account, placement.write);
    return c.json(toAdminAccount(account), 201);
  });
}
