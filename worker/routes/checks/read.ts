/** @module GET /checks and GET /checks/{id}. */
import { createRoute, z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { criteriaOf, findCheck, sourceExecutionOf, type CheckRow } from "../../db/checks";
import { ApiError } from "../../errors";
import { pagedRows } from "../../db/paging";
import { toPublicCheck } from "../../serializers/check";
import { errorResponses } from "../responses";
import { containsText, pagination } from "../shared";
import { CheckListQuery, CheckPageSchema, CheckParams, CheckSchema } from "./schema";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireCheck(db: D1Database, accountId: string, id: string): Promise<CheckRow> {
  const row = await findCheck(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

async function present(db: D1Database, rows: CheckRow[]) {
  const [criteria, sources] = await Promise.all([criteriaOf(db, rows.map((r) => r.id)), sourceExecutionOf(db, rows.map((r) => r.source_query_id))]);
  return rows.map((r) => toPublicCheck(r, criteria.get(r.id) ?? [], sources.get(r.source_query_id)));
}

export function registerCheckReads(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get", path: "/checks", operationId: "listChecks", tags: ["Checks"], summary: "List checks, newest first",
      description: "`search` matches a substring of the applicant, or a whole check id.",
      request: { query: CheckListQuery },
      responses: { 200: { description: "Page of checks", ...json(CheckPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const where = ["account_id = ?1"];
      const params: string[] = [c.get("principal").accountId];
      if (q.search) {
        // An id matches whole, not as a substring: every id shares its prefix.
        params.push(q.search);
        where.push(`(${containsText("applicant", params.length)} OR id = ?${params.length})`);
      }
      if (q.status) {
        params.push(q.status);
        where.push(`status = ?${params.length}`);
      }
      const clause = where.join(" AND ");
      const { rows, total } = await pagedRows<CheckRow>(c.env.DB, { from: `checks WHERE ${clause}`, params, order: "created_at DESC, id DESC", pageSize, offset });
      return c.json({ items: await present(c.env.DB, rows), total, page, pageSize }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/checks/{id}", operationId: "getCheck", tags: ["Checks"], summary: "Read one check", request: { params: CheckParams },
      responses: { 200: { description: "The check", ...json(CheckSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const row = await requireCheck(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
      return c.json((await present(c.env.DB, [row]))[0]!, 200);
    },
  );
}
