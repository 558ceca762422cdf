/** @module GET /queries, /queries/{id}, /queries/{id}/registrations and /queries/{id}/registrations/{registrationId}. */
import { createRoute, type z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { findOwnQuery, pageOfQueries, type QueryRecord } from "../../db/account-queries";
import { findOwnRegistration, loadRegistrationDetail, pageOfRegistrations } from "../../db/registration-detail";
import { ApiError } from "../../errors";
import { historyWindowStart } from "../../lib/time";
import { toPublicQuery } from "../../serializers/query";
import { toPublicRegistration, toRegistrationSummary } from "../../serializers/registration";
import { errorResponses } from "../responses";
import { enumList, pagination } from "../shared";
import { toPage } from "../../serializers/page";
import { QueryListQuery, QueryPageSchema, QueryParams, QuerySchema } from "../../schemas/query";
import { REGISTRATION_PARSE_STATUSES } from "../../schemas/query-vocabulary";
import { RegistrationListQuery, RegistrationPageSchema, RegistrationParams, RegistrationSchema } from "../../schemas/registration";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireQuery(db: D1Database, accountId: string, id: string): Promise<QueryRecord> {
  const row = await findOwnQuery(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

export function registerQueryReads(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get",
      path: "/queries",
      operationId: "listQueries",
      tags: ["Queries"],
      summary: "List queries of the last 6 calendar months, newest first",
      description:
        "Only queries created on or after 00:00 Beijing time of today minus 6 months. `search` matches a substring of the subject name, or a whole query id.",
      request: { query: QueryListQuery },
      responses: { 200: { description: "Page of queries", ...json(QueryPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const filter = { since: historyWindowStart(Date.now()), ...(q.search ? { search: q.search } : {}), ...(q.status ? { status: q.status } : {}) };
      const { rows, total } = await pageOfQueries(c.env.DB, c.get("principal").accountId, filter, { pageSize, offset });
      return c.json(toPage(rows.map(toPublicQuery), { total, page, pageSize }), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/queries/{id}",
      operationId: "getQuery",
      tags: ["Queries"],
      summary: "Read one query (not limited by the history window)",
      request: { params: QueryParams },
      responses: { 200: { description: "The query", ...json(QuerySchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => c.json(toPublicQuery(await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id)), 200),
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/queries/{id}/registrations",
      operationId: "listRegistrations",
      tags: ["Queries"],
      summary: "List a query's registrations",
      description: "`search` matches the certificate number, party names and the property description.",
      request: { params: QueryParams, query: RegistrationListQuery },
      responses: {
        200: { description: "Page of registrations", ...json(RegistrationPageSchema) },
        ...errorResponses("NOT_FOUND", "VALIDATION_FAILED"),
      },
    }),
    async (c) => {
      const query = await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const filter = {
        ...(q.search ? { search: q.search } : {}),
        parseStatuses: enumList("parseStatus", q.parseStatus, REGISTRATION_PARSE_STATUSES),
      };
      const { rows, total, documents } = await pageOfRegistrations(accountDb(c), query.id, filter, { pageSize, offset });
      return c.json(
        toPage(
          rows.map((r) => toRegistrationSummary(r, documents.get(r.id) ?? [])),
          { total, page, pageSize },
        ),
        200,
      );
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/queries/{id}/registrations/{registrationId}",
      operationId: "getRegistration",
      tags: ["Queries"],
      summary: "Read one registration with its parsed certificate",
      request: { params: RegistrationParams },
      responses: { 200: { description: "The registration", ...json(RegistrationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      const row = await findOwnRegistration(accountDb(c), c.get("principal").accountId, id, registrationId);
      if (!row) throw new ApiError("NOT_FOUND");
      return c.json(toPublicRegistration(await loadRegistrationDetail(accountDb(c), row), { status: "not_requested" }), 200);
    },
  );
}
