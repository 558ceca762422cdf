/** @module Check, criterion and result rows. */
import type { BoundStatement } from "../../durable-objects/creation";

export interface CheckRow {
  id: string;
  account_id: string;
  applicant: string;
  status: string;
  execution_status: string;
  source_status: string;
  source_query_id: string;
  coverage_complete: number;
  coverage_issues: string;
  criterion_counts: string;
  unmatched_criterion_ids: string;
  candidate_count: number;
  pending_review_count: number;
  confirmed_risk_count: number;
  excluded_count: number;
  failure_code: string | null;
  created_at: number;
  updated_at: number;
  processing_completed_at: number | null;
  completed_at: number | null;
}

export interface CriterionRow {
  id: string;
  check_id: string;
  ordinal: number;
  kind: "invoice_no" | "keyword";
  value: string;
}

export interface ResultRow {
  id: string;
  check_id: string;
  registration_id: string;
  ordinal: number;
  match_status: "matched" | "unmatched" | "pending";
  result_status: "pending" | "confirmed" | "excluded" | "unmatched";
  strength: "invoice_match" | "keyword_only" | null;
  matched_criterion_ids: string;
  version: number;
  decided_at: number | null;
  system_decision: string | null;
  coverage_issues: string;
  pending_reason: string | null;
  coverage_reason: string | null;
  source_available: number;
  review_decision: "confirmed" | "false_positive" | null;
  review_note: string | null;
  reviewed_at: number | null;
}

export function insertCheckStatements(check: CheckRow, criteria: CriterionRow[]): BoundStatement[] {
  return [
    {
      sql: `INSERT INTO checks (id, account_id, applicant, status, execution_status, source_status, source_query_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      params: [check.id, check.account_id, check.applicant, check.status, check.execution_status, check.source_status, check.source_query_id, check.created_at, check.updated_at],
    },
    ...criteria.map((c) => ({
      sql: "INSERT INTO criteria (id, check_id, ordinal, kind, value) VALUES (?, ?, ?, ?, ?)",
      params: [c.id, c.check_id, c.ordinal, c.kind, c.value],
    })),
  ];
}

export async function findCheck(db: D1Database, accountId: string, id: string): Promise<CheckRow | null> {
  return db.prepare("SELECT * FROM checks WHERE id = ? AND account_id = ?").bind(id, accountId).first<CheckRow>();
}

export async function criteriaOf(db: D1Database, checkIds: readonly string[]): Promise<Map<string, CriterionRow[]>> {
  const byCheck = new Map<string, CriterionRow[]>();
  if (checkIds.length === 0) return byCheck;
  const { results } = await db.prepare("SELECT * FROM criteria WHERE check_id IN (SELECT value FROM json_each(?)) ORDER BY ordinal")
    .bind(JSON.stringify(checkIds)).all<CriterionRow>();
  for (const c of results) byCheck.set(c.check_id, [...(byCheck.get(c.check_id) ?? []), c]);
  return byCheck;
}

/** Execution status of each check's source query (a waiting check shows the query's wait). */
export async function sourceExecutionOf(db: D1Database, queryIds: readonly string[]): Promise<Map<string, string>> {
  if (queryIds.length === 0) return new Map();
  const { results } = await db.prepare("SELECT id, execution_status FROM queries WHERE id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify([...new Set(queryIds)])).all<{ id: string; execution_status: string }>();
  return new Map(results.map((r) => [r.id, r.execution_status]));
}
