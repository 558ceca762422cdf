/** @module POST /accounts/{id}/allowance-grants (management-api.md): an add-on or gift allowance bucket, audited as allowance.granted by the operator. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { insertGrant } from "../../../db/accounts";
import { validationError } from "../../../errors";
import { newId } from "../../../lib/ids";
import { auditEventOf, deliverAuditSoon, OPERATOR } from "../../../services/audit-trail";
import { addMonths, parseIsoWithOffset, toIso } from "../../../lib/time";
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
    const event = auditEventOf(
      c,
      {
        accountId: account.id,
        kind: "allowance.granted",
        actor: OPERATOR,
        target: { type: "allowance_grant", id: grant.id },
        detail: { kind: grant.kind, source: grant.source, amount: grant.amount, startsAt: toIso(startsAt), expiresAt: toIso(expiresAt) },
      },
      now,
    );
    await insertGrant(c.env.DB, grant, event);
    deliverAuditSoon(c, account.id);
    return c.json(toGrant(grant), 201);
  });
}
