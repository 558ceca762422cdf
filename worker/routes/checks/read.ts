/** @module GET /checks and GET /checks/{id}. */
import { createRoute, type z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import { criteriaOfChecks, findOwnCheck, pageOfChecks, sourceExecutionOf, type CheckRecord } from "../../db/account-checks";
import { ApiError } from "../../errors";
import { toPublicCheck } from "../../serializers/check";
import { toPage } from "../../serializers/page";
import { errorResponses } from "../responses";
import { pagination } from "../shared";
import { CheckListQuery, CheckPageSchema, CheckParams, CheckSchema } from "../../schemas/check";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

export async function requireCheck(db: D1Database, accountId: string, id: string): Promise<CheckRecord> {
  const row = await findOwnCheck(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** Checks with their criteria and their source queries' progress, read together. */
async function present(db: D1Database, rows: CheckRecord[]) {
  const [criteria, sources] = await Promise.all([
    criteriaOfChecks(
      db,
      rows.map((r) => r.id),
    ),
    sourceExecutionOf(
      db,
      rows.map((r) => r.sourceQueryId),
    ),
  ]);
  return rows.map((r) => toPublicCheck(r, criteria.get(r.id) ?? [], sources.get(r.sourceQueryId)));
}

export function registerCheckReads(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get",
      path: "/checks",
      operationId: "listChecks",
      tags: ["Checks"],
      summary: "List checks, newest first",
      description: "`search` matches a substring of the applicant, or a whole check id.",
      request: { query: CheckListQuery },
      responses: { 200: { description: "Page of checks", ...json(CheckPageSchema) }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const filter = { ...(q.search ? { search: q.search } : {}), ...(q.status ? { status: q.status } : {}) };
      const { rows, total } = await pageOfChecks(c.env.DB, c.get("principal").accountId, filter, { pageSize, offset });
      return c.json(toPage(await present(c.env.DB, rows), { total, page, pageSize }), 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get",
      path: "/checks/{id}",
      operationId: "getCheck",
      tags: ["Checks"],
      summary: "Read one check",
      request: { params: CheckParams },
      responses: { 200: { description: "The check", ...json(CheckSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const row = await requireCheck(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
      return c.json((await present(c.env.DB, [row]))[0]!, 200);
    },
  );
}
