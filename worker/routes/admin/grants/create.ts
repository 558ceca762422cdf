/** @module POST /accounts/{id}/allowance-grants (management-api.md): an add-on or gift allowance bucket. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { insertGrant } from "../../../db/accounts";
import { validationError } from "../../../errors";
import { newId } from "../../../lib/ids";
import { addMonths, parseIsoWithOffset } from "../../../lib/time";
import { toGrant } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { AccountParams, CreateGrantBody, GrantSchema } from "../../../schemas/admin";
import { requireAccount } from "../../../services/lookups";
import { json } from "../../responses";

const route = createRoute({
  method: "post",
  path: "/accounts/{id}/allowance-grants",
  request: { params: AccountParams, body: { ...json(CreateGrantBody), required: true } },
  responses: { 201: { description: "Grant", ...json(GrantSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerCreateGrant(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const body = c.req.valid("json");
    const now = Date.now();
    const startsAt = body.startsAt ? parseIsoWithOffset(body.startsAt)! : now;
    // Grants without an expiry last a year: allowance never lives forever on the books.
    const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : addMonths(startsAt, 12);
    if (expiresAt <= startsAt) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be after startsAt." }]);
    const grant = {
      id: newId("grt"),
      accountId: account.id,
      kind: body.kind,
      source: body.source,
      amount: body.amount,
      startsAt,
      expiresAt,
      subscriptionId: null,
      createdAt: now,
    };
    await insertGrant(c.env.DB, grant);
    return c.json(toGrant(grant), 201);
  });
}
