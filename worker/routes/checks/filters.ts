/** @module The results list's filters and order from the query string (shared by the list and navigation). */
import type { ResultFilter } from "../../db/results";
import { MATCH_STATUSES, RESULT_STATUSES, STRENGTHS } from "../../schemas/check-vocabulary";
import { enumList } from "../shared";
import type { NavigationQuery } from "../../schemas/check-result";
import type { z } from "@hono/zod-openapi";

export function resultFilter(q: z.infer<typeof NavigationQuery>): ResultFilter {
  return {
    resultStatuses: enumList("resultStatus", q.resultStatus, RESULT_STATUSES),
    matchStatuses: enumList("matchStatus", q.matchStatus, MATCH_STATUSES),
    strengths: enumList("strength", q.strength, STRENGTHS),
    ...(q.criterionId ? { criterionId: q.criterionId } : {}),
    sort: q.sort ?? "registration",
  };
}
