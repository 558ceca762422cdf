/** @module GET /queries, /queries/{id}, /queries/{id}/registrations and /queries/{id}/registrations/{registrationId}. */
import { createRoute, z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { findQuery, type QueryRow } from "../../db/queries";
import { findOwnRegistration, loadRegistrationDetail, pageOfRegistrations } from "../../db/registration-detail";
import { pagedRows } from "../../db/paging";
import { ApiError } from "../../errors";
import { historyWindowStart } from "../../lib/time";
import { toPublicQuery } from "../../serializers/query";
import { toPublicRegistration, toRegistrationSummary } from "../../serializers/registration";
import { errorResponses } from "../responses";
import { containsText, enumList, pagination } from "../shared";
import {
  QueryListQuery, QueryPageSchema, QueryParams, QuerySchema, REGISTRATION_PARSE_STATUSES, RegistrationListQuery,
  RegistrationPageSchema, RegistrationParams, RegistrationSchema,
} from "./schema";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireQuery(db: D1Database, accountId: string, id: string): Promise<QueryRow> {
  const row = await findQuery(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

export function registerQueryReads(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get", path: "/queries", operationId: "listQueries", tags: ["Queries"], summary: "List queries of the last 6 calendar months, newest first",
      description: "Only queries created on or after 00:00 Beijing time of today minus 6 months. `search` matches a substring of the subject name, or a whole query id.",
      request: { query: QueryListQuery },
      responses: { 200: { description: "Page of queries", ...json(QueryPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const accountId = c.get("principal").accountId;
      const where = ["account_id = ?1", "created_at >= ?2"];
      const params: (string | number)[] = [accountId, historyWindowStart(Date.now())];
      if (q.search) {
        // An id matches whole, not as a substring: every id shares its prefix.
        params.push(q.search);
        where.push(`(${containsText("subject_name", params.length)} OR id = ?${params.length})`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`status = ?${params.length}`);
      }
      const clause = where.join(" AND ");
      const { rows, total } = await pagedRows<QueryRow>(c.env.DB, { from: `queries WHERE ${clause}`, params, order: "created_at DESC, id DESC", pageSize, offset });
      return c.json({ items: rows.map(toPublicQuery), total, page, pageSize }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/queries/{id}", operationId: "getQuery", tags: ["Queries"], summary: "Read one query (not limited by the history window)",
      request: { params: QueryParams },
      responses: { 200: { description: "The query", ...json(QuerySchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => c.json(toPublicQuery(await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id)), 200),
  );

  api.openapi(
    createRoute({
      method: "get", path: "/queries/{id}/registrations", operationId: "listRegistrations", tags: ["Queries"], summary: "List a query's registrations",
      description: "`search` matches the certificate number, party names and the property description.",
      request: { params: QueryParams, query: RegistrationListQuery },
      responses: { 200: { description: "Page of registrations", ...json(RegistrationPageSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const query = await requireQuery(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const filter = { ...(q.search ? { search: q.search } : {}), parseStatuses: enumList("parseStatus", q.parseStatus, REGISTRATION_PARSE_STATUSES) };
      const { rows, total, documents } = await pageOfRegistrations(c.env.DB, query.id, filter, { pageSize, offset });
      return c.json({ items: rows.map((r) => toRegistrationSummary(r, documents.get(r.id) ?? [])), total, page, pageSize }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/queries/{id}/registrations/{registrationId}", operationId: "getRegistration", tags: ["Queries"], summary: "Read one registration with its parsed certificate",
      request: { params: RegistrationParams },
      responses: { 200: { description: "The registration", ...json(RegistrationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      const row = await findOwnRegistration(c.env.DB, c.get("principal").accountId, id, registrationId);
      if (!row) throw new ApiError("NOT_FOUND");
      return c.json(toPublicRegistration(await loadRegistrationDetail(c.env.DB, row), { status: "not_requested" }), 200);
    },
  );
}
