/** @module Reads of check results: filters and order shared by the list and the navigation. */
import { validationError } from "../errors";
import { MATCH_STATUSES, RESULT_SORTS, RESULT_STATUSES, STRENGTHS } from "../routes/checks/schema";
import type { ResultRow } from "./checks";

export interface ResultFilter {
  resultStatus?: string | string[];
  matchStatus?: string | string[];
  strength?: string | string[];
  criterionId?: string;
  sort?: (typeof RESULT_SORTS)[number];
}

function multi(name: string, raw: string | string[] | undefined, allowed: readonly string[]): string[] {
  if (raw === undefined) return [];
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
  if (values.some((v) => !allowed.includes(v)))
    throw validationError([{ path: name, code: "INVALID_CHOICE", message: `Must be among: ${allowed.join(", ")}.` }]);
  return [...new Set(values)];
}

/** WHERE clause (parameters from ?2 on; ?1 is the check id) and ORDER BY for a filter. */
export function resultQuery(f: ResultFilter): { where: string; order: string; params: string[] } {
  const params: string[] = [];
  const where = ["check_id = ?1"];
  const inList = (column: string, values: string[]) => {
    if (values.length === 0) return;
    params.push(JSON.stringify(values));
    where.push(`${column} IN (SELECT value FROM json_each(?${params.length + 1}))`);
  };
  inList("result_status", multi("resultStatus", f.resultStatus, RESULT_STATUSES));
  inList("match_status", multi("matchStatus", f.matchStatus, MATCH_STATUSES));
  inList("strength", multi("strength", f.strength, STRENGTHS));
  if (f.criterionId) {
    params.push(f.criterionId);
    where.push(`EXISTS (SELECT 1 FROM json_each(matched_criterion_ids) WHERE value = ?${params.length + 1})`);
  }
  const order = {
    registration: "ordinal",
    strength: "CASE strength WHEN 'invoice_match' THEN 0 WHEN 'keyword_only' THEN 1 ELSE 2 END, ordinal",
    hits: "json_array_length(matched_criterion_ids) DESC, ordinal",
  }[f.sort ?? "registration"];
  return { where: where.join(" AND "), order, params };
}

export async function resultCounts(db: D1Database, checkId: string) {
  const row = await db.prepare(
    `SELECT COUNT(*) AS all_count,
       SUM(result_status = 'confirmed') AS confirmed, SUM(result_status = 'excluded') AS excluded,
       SUM(result_status = 'pending') AS pending, SUM(result_status = 'unmatched') AS unmatched,
       SUM(match_status = 'matched' AND source_available = 1 AND review_decision IS NULL) AS reviewable
     FROM check_results WHERE check_id = ?`,
  ).bind(checkId).first<Record<string, number | null>>();
  return {
    counts: { all: row?.all_count ?? 0, confirmed: row?.confirmed ?? 0, excluded: row?.excluded ?? 0, pending: row?.pending ?? 0, unmatched: row?.unmatched ?? 0 },
    reviewable: row?.reviewable ?? 0,
  };
}

export async function findResult(db: D1Database, checkId: string, registrationId: string): Promise<ResultRow | null> {
  return db.prepare("SELECT * FROM check_results WHERE check_id = ? AND registration_id = ?").bind(checkId, registrationId).first<ResultRow>();
}
