/** @module Query shapes (open-api-v1.md: Query, creating queries, the query list). */
import { z } from "@hono/zod-openapi";
import { PaginationQuery, SearchQuery, int64, pageSchema, timestamp } from "./common";
import { lineText } from "./text";
import { FAILURE_CODES, QUERY_EXECUTION_STATUSES, QUERY_STATUSES, SOURCE_STATUSES } from "./query-vocabulary";

export const FailureSchema = z
  .object({
    code: z.enum(FAILURE_CODES),
    message: z.string().openapi({ description: "For people; the code governs", example: "Some certificates could not be obtained or read." }),
  })
  .openapi("PublicFailure", { description: "Describes finished tasks only; existing results stay usable" });

export const QuerySchema = z
  .object({
    id: z.string().openapi({ example: "qry_4f8a1c2b3d4e5f60" }),
    subjectName: z.string().openapi({ description: "Normalised subject", example: "上海示例供应链管理有限公司" }),
    status: z.enum(QUERY_STATUSES).openapi({ description: "no_result: a complete, explicit zero-registration result" }),
    executionStatus: z.enum(QUERY_EXECUTION_STATUSES),
    sourceStatus: z.enum(SOURCE_STATUSES),
    coverageComplete: z.boolean(),
    registrationCount: int64(),
    totalDocumentCount: int64().openapi({ description: "Main certificates to process" }),
    processedDocumentCount: int64().openapi({ description: "Main certificates processed" }),
    createdAt: timestamp(),
    completedAt: timestamp().optional().openapi({ description: "Omitted until finished" }),
    failure: FailureSchema.optional(),
  })
  .openapi("PublicQuery");

export const CreateQueriesBody = z
  .strictObject({
    subjectNames: z
      .array(lineText(2, 100).openapi({ example: "上海示例供应链管理有限公司" }))
      .min(1)
      .max(100)
      .openapi({ description: "Enterprise full names or 18-digit resident identity numbers; normalised and de-duplicated" }),
  })
  .openapi("CreateQueriesRequest");

export const AcceptedQueriesSchema = z.object({ queries: z.array(QuerySchema) }).openapi("PublicAcceptedQueries");

export const QueryListQuery = z.object({
  ...PaginationQuery,
  search: SearchQuery,
  status: z
    .union([z.literal(""), z.enum(QUERY_STATUSES)])
    .optional()
    .openapi({ description: "Queries in this status only; empty or absent means all", example: "succeeded" }),
});

export const QueryPageSchema = pageSchema(QuerySchema, "PublicQueryPage");

export const QueryParams = z.object({ id: z.string().min(1).max(100).openapi({ description: "Query id", example: "qry_4f8a1c2b3d4e5f60" }) });

export type Query = z.output<typeof QuerySchema>;
export type AcceptedQueries = z.output<typeof AcceptedQueriesSchema>;
export type QueryPage = z.output<typeof QueryPageSchema>;
export type CreateQueriesRequest = z.input<typeof CreateQueriesBody>;
export type PublicFailure = z.output<typeof FailureSchema>;
