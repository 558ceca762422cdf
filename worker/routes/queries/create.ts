/** @module POST /queries: normalise, de-duplicate, reserve one query allowance per subject, enqueue. */
import { createRoute } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { insertQueryStatement, newQueryRecord } from "../../db/account-queries";
import { normaliseSubject } from "../../domain/subjects";
import { ApiError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueue } from "../../../queues/messages";
import { toAcceptedQueries } from "../../serializers/query";
import { errorResponses } from "../responses";
import { entitlementRefusal, submitCreation } from "../tasks/submit";
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

/** Normalised, de-duplicated subject names in first-seen order; any bad identity number refuses all. */
export function normaliseBatch(raw: readonly string[], field: (i: number) => string, now: number): string[] {
  const names: string[] = [];
  raw.forEach((value, i) => {
    const subject = normaliseSubject(value, now);
    if (!subject.ok)
      throw new ApiError("INVALID_SUBJECT", {
        fields: [
          {
            path: field(i),
            code: "INVALID_VALUE",
            message:
              subject.reason === "unsupported_document"
                ? "Only 18-digit resident identity numbers are supported; 15-digit numbers, passports and other documents are not."
                : "Not a valid 18-digit resident identity number (birth date or check digit).",
          },
        ],
      });
    if (subject.name.length < 2)
      throw new ApiError("VALIDATION_FAILED", {
        fields: [{ path: field(i), code: "OUT_OF_RANGE", message: "Must be at least 2 characters after normalisation." }],
      });
    if (!names.includes(subject.name)) names.push(subject.name);
  });
  return names;
}

export function registerCreateQuery(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const idempotencyKey = c.req.valid("header")["idempotency-key"];
    const body = c.req.valid("json");
    const now = Date.now();
    const names = normaliseBatch(body.subjectNames, (i) => `subjectNames[${i}]`, now);
    const principal = c.get("principal");
    const rows = names.map((name) => newQueryRecord(newId("qry"), principal.accountId, name, now));
    const refusal = entitlementRefusal(c, false);
    const { created, response } = await submitCreation(c, {
      idempotencyKey,
      body,
      ...(refusal ? { refusal } : {}),
      reserve: { query: rows.map((r) => r.id) },
      statements: rows.map((r) => insertQueryStatement(c.env.DB, r)),
      response: toAcceptedQueries(rows),
      now,
    });
    // A failed send loses nothing: the sweep re-drives queued tasks that never started.
    if (created)
      await enqueue(
        c.env,
        rows.map((r) => ({ type: "list", accountId: r.accountId, queryId: r.id })),
      ).catch((e) => console.error("enqueue failed", e));
    return response as never;
  });
}
