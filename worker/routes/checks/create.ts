/**
 * @module POST /checks: one applicant, 1–100 criteria, fixed scenario asset_check. With
 * sourceRegistryQueryId it reuses a finished query, no_result included (1 check); without, it creates a query and
 * waits for it (1 query + 1 check).
 */
import { createRoute } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { insertCheckStatements, newCheckRecord, type CriterionRecord } from "../../db/account-checks";
import { insertQueryStatement, newQueryRecord } from "../../db/account-queries";
import { foldedCriterion } from "../../domain/criteria";
import { ApiError, validationError } from "../../errors";
import { newId } from "../../lib/ids";
import { enqueue, type PipelineMessage } from "../../../queues/messages";
import { toPublicCheck } from "../../serializers/check";
import { normaliseBatch } from "../../services/subject-batch";
import { requireQuery } from "../../services/lookups";
import { errorResponses } from "../responses";
import { entitlementRefusal, submitCreation } from "../../services/task-creation";
import { CheckSchema, CreateCheckBody } from "../../schemas/check";
import { IdempotencyHeaders } from "../../schemas/common";

/**
 * Finished queries a check can read. no_result is one (open-api-v1.md: "a complete and explicit
 * zero-registration result", executionStatus succeeded): the check completes at once, coverage
 * complete, every criterion unmatched, as a check that fetched the same empty list itself would.
 * Refusing it would make the caller spend a query allowance to learn the same thing.
 */
const USABLE_SOURCE_STATUSES: ReadonlySet<string> = new Set(["succeeded", "partial", "no_result"]);

const route = createRoute({
  method: "post",
  path: "/checks",
  operationId: "createCheck",
  tags: ["Checks"],
  summary: "Check whether invoice numbers or keywords already appear in the applicant's registrations",
  request: { headers: IdempotencyHeaders, body: { required: true, content: { "application/json": { schema: CreateCheckBody } } } },
  responses: {
    202: { description: "Accepted; poll the check by id", content: { "application/json": { schema: CheckSchema } } },
    ...errorResponses(
      "VALIDATION_FAILED",
      "INVALID_SUBJECT",
      "SUBSCRIPTION_REQUIRED",
      "QUERY_ALLOWANCE_INSUFFICIENT",
      "CHECK_ALLOWANCE_INSUFFICIENT",
      "CHECK_PLAN_REQUIRED",
      "NOT_FOUND",
      "SOURCE_QUERY_NOT_FINISHED",
      "SOURCE_QUERY_UNUSABLE",
      "IDEMPOTENCY_CONFLICT",
      "IDEMPOTENCY_IN_FLIGHT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
    ),
  },
});

export function registerCreateCheck(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const idempotencyKey = c.req.valid("header")["idempotency-key"];
    const body = c.req.valid("json");
    const now = Date.now();
    const [applicant] = normaliseBatch([body.applicant], () => "applicant", now);

    const principal = c.get("principal");
    const checkId = newId("chk");
    const statements = [];
    const reserve: { query?: string[]; check: string[] } = { check: [checkId] };
    let sourceQueryId: string;
    let sourceStatus = "available";
    const messages: PipelineMessage[] = [];
    if (body.sourceRegistryQueryId !== undefined) {
      const source = await requireQuery(c.env.DB, principal.accountId, body.sourceRegistryQueryId);
      if (source.subjectName !== applicant)
        throw validationError([{ path: "sourceRegistryQueryId", code: "INVALID_VALUE", message: "The source query is for another subject." }]);
      if (source.completedAt === null) throw new ApiError("SOURCE_QUERY_NOT_FINISHED");
      if (!USABLE_SOURCE_STATUSES.has(source.status)) throw new ApiError("SOURCE_QUERY_UNUSABLE");
      sourceQueryId = source.id;
      sourceStatus = source.sourceStatus;
      messages.push({ type: "check", accountId: principal.accountId, checkId });
    } else {
      const query = newQueryRecord(newId("qry"), principal.accountId, applicant!, now);
      statements.push(insertQueryStatement(c.env.DB, query));
      reserve.query = [query.id];
      sourceQueryId = query.id;
      messages.push({ type: "list", accountId: principal.accountId, queryId: query.id });
    }
    const check = newCheckRecord({ id: checkId, accountId: principal.accountId, applicant: applicant!, sourceStatus, sourceQueryId }, now);
    const criteria: CriterionRecord[] = body.criteria.map((cr, i) => ({
      id: newId("crt"),
      checkId,
      ordinal: i,
      kind: cr.kind,
      value: cr.value,
      foldedValue: foldedCriterion(cr.value),
    }));
    statements.push(...insertCheckStatements(c.env.DB, check, criteria));
    const refusal = entitlementRefusal(c, true);
    const { created, body: accepted } = await submitCreation(c, {
      operation: route.operationId,
      idempotencyKey,
      body,
      ...(refusal ? { refusal } : {}),
      reserve,
      statements,
      accepted: toPublicCheck(check, criteria),
      now,
    });
    // A failed send loses nothing: the sweep re-drives checks and queries that never progressed.
    if (created) await enqueue(c.env, messages).catch((e) => console.error("enqueue failed", e));
    return c.json(accepted, 202);
  });
}
