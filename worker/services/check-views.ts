/** @module Checks as the API shows them: each with its criteria and its source query's progress, read together. */
import { criteriaOfChecks, sourceExecutionOf, type CheckRecord } from "../db/account-checks";
import type { Check } from "../schemas/check";
import { toPublicCheck } from "../serializers/check";

/** Checks with their criteria and their source queries' progress, read together. */
export async function presentChecks(db: D1Database, rows: CheckRecord[]): Promise<Check[]> {
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
