/** @module POST /accounts/{id}/users (management API): the operator invites a user, typically the account's first owner. */
import { createRoute } from "@hono/zod-openapi";
import { OPERATOR } from "../../../domain/audit";
import { AccountParams } from "../../../schemas/admin";
import { InvitedUserSchema, InviteUserBody } from "../../../schemas/console";
import { inviteUser } from "../../../services/console-users";
import { errorResponses } from "../../responses";
import type { RouteGroup } from "../../router";
import { requireAccount } from "../../../services/lookups";

const route = createRoute({
  method: "post",
  path: "/accounts/{id}/users",
  request: { params: AccountParams, body: { required: true, content: { "application/json": { schema: InviteUserBody } } } },
  responses: {
    201: { description: "Invited; the link is single use and valid 72 hours", content: { "application/json": { schema: InvitedUserSchema } } },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "EMAIL_TAKEN"),
  },
});

export function registerAdminUserInvite(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    // The operator's invitation always answers its link (it bootstraps an account's first owner).
    const { delivery: _link, inviteUrl = "", ...user } = await inviteUser(c, account.id, c.req.valid("json"), OPERATOR, { by: "link" });
    return c.json({ ...user, inviteUrl }, 201);
  });
}
