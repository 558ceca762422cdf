/** @module POST /queries: normalise, de-duplicate, reserve one query allowance per subject, enqueue. */
import { createRoute } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { insertQueryStatement, newQueryRecord } from "../../db/account-queries";
import { newId } from "../../lib/ids";
import { enqueue } from "../../../queues/messages";
import { toAcceptedQueries } from "../../serializers/query";
import { errorResponses } from "../responses";
import { normaliseBatch } from "../../services/subject-batch";
import { entitlementRefusal, submitCreation } from "../../services/task-creation";
import { IdempotencyHeaders } from "../../schemas/common";
import { AcceptedQueriesSchema, CreateQueriesBody } from "../../schemas/query";

const route = createRoute({
  method: "post",
  path: "/queries",
  operationId: "createQueries",
  tags: ["Queries"],
  summary: "Query the registrations of 1 to 100 subjects",
  description: "Accepted or rejected as a whole. One query allowance is reserved per de-duplicated subject.",
  request: {
    headers: IdempotencyHeaders,
    body: { required: true, content: { "application/json": { schema: CreateQueriesBody } } },
  },
  responses: {
    202: { description: "Accepted; poll each query by id", content: { "application/json": { schema: AcceptedQueriesSchema } } },
    ...errorResponses(
      "VALIDATION_FAILED",
      "INVALID_SUBJECT",
      "SUBSCRIPTION_REQUIRED",
      "QUERY_ALLOWANCE_INSUFFICIENT",
      "IDEMPOTENCY_CONFLICT",
      "IDEMPOTENCY_IN_FLIGHT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
    ),
  },
});

export function registerCreateQuery(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const idempotencyKey = c.req.valid("header")["idempotency-key"];
    const body = c.req.valid("json");
    const now = Date.now();
    const names = normaliseBatch(body.subjectNames, (i) => `subjectNames[${i}]`, now);
    const principal = c.get("principal");
    const rows = names.map((name) => newQueryRecord(newId("qry"), principal.accountId, name, now));
    const refusal = entitlementRefusal(c, false);
    const { created, body: accepted } = await submitCreation(c, {
      operation: route.operationId,
      idempotencyKey,
      body,
      ...(refusal ? { refusal } : {}),
      reserve: { query: rows.map((r) => r.id) },
      statements: rows.map((r) => insertQueryStatement(c.env.DB, r)),
      accepted: toAcceptedQueries(rows),
      now,
    });
    // A failed send loses nothing: the sweep re-drives queued tasks that never started.
    if (created)
      await enqueue(
        c.env,
        rows.map((r) => ({ type: "list", accountId: r.accountId, queryId: r.id })),
      ).catch((e) => console.error("enqueue failed", e));
    return c.json(accepted, 202);
  });
}
