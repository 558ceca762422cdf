/**
 * @module The list parameters every list endpoint shares: the page asked for, enum-list filters
 * checked against their value sets, and the results list's filters and order (the list and the
 * navigation among its results read the same ones).
 */
import type { z } from "@hono/zod-openapi";
import type { ResultFilter } from "../db/results";
import { validationError } from "../errors";
import type { NavigationQuery } from "../schemas/check-result";
import { MATCH_STATUSES, RESULT_STATUSES, STRENGTHS } from "../schemas/check-vocabulary";

export function pagination(query: { page?: string; pageSize?: string }): { page: number; pageSize: number; offset: number } {
  const page = query.page ? Number(query.page) : 1;
  const pageSize = query.pageSize ? Number(query.pageSize) : 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * A filter given as repeated parameters and/or comma lists ("a,b" or a=…&a=…): the distinct values,
 * each one of `allowed`, else 400 naming the parameter.
 */
export function enumList<T extends string>(name: string, raw: string | string[] | undefined, allowed: readonly T[]): T[] {
  if (raw === undefined) return [];
  const values = (Array.isArray(raw) ? raw : [raw])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  const known: readonly string[] = allowed;
  if (values.some((v) => !known.includes(v)))
    throw validationError([{ path: name, code: "INVALID_CHOICE", message: `Must be among: ${allowed.join(", ")}.` }]);
  return [...new Set(values)] as T[];
}

export function resultFilter(q: z.infer<typeof NavigationQuery>): ResultFilter {
  return {
    resultStatuses: enumList("resultStatus", q.resultStatus, RESULT_STATUSES),
    matchStatuses: enumList("matchStatus", q.matchStatus, MATCH_STATUSES),
    strengths: enumList("strength", q.strength, STRENGTHS),
    ...(q.criterionId ? { criterionId: q.criterionId } : {}),
    sort: q.sort ?? "registration",
  };
}
