/** @module Query rows: inserts (as bound statements for the AccountGate batch) and reads. */
import type { BoundStatement } from "../../durable-objects/creation";

export interface QueryRow {
  id: string;
  account_id: string;
  subject_name: string;
  status: string;
  execution_status: string;
  source_status: string;
  coverage_complete: number;
  registration_count: number;
  total_document_count: number;
  processed_document_count: number;
  failure_code: string | null;
  listed: number;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export function newQueryRow(id: string, accountId: string, subjectName: string, now: number): QueryRow {
  return {
    id, account_id: accountId, subject_name: subjectName, status: "queued", execution_status: "queued", source_status: "available",
    coverage_complete: 0, registration_count: 0, total_document_count: 0, processed_document_count: 0, failure_code: null,
    listed: 0, created_at: now, updated_at: now, completed_at: null,
  };
}

export function insertQueryStatement(row: QueryRow): BoundStatement {
  return {
    sql: `INSERT INTO queries (id, account_id, subject_name, status, execution_status, source_status, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    params: [row.id, row.account_id, row.subject_name, row.status, row.execution_status, row.source_status, row.created_at, row.updated_at],
  };
}

/** The account's own query, or null (another account's query is as absent as a missing one). */
export async function findQuery(db: D1Database, accountId: string, id: string): Promise<QueryRow | null> {
  return db.prepare("SELECT * FROM queries WHERE id = ? AND account_id = ?").bind(id, accountId).first<QueryRow>();
}

export const TERMINAL_QUERY_STATES = ["succeeded", "partial", "failed", "cancelled"] as const;
