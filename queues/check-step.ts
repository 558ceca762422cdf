/**
 * @module The check pipeline: once its source query has finished, match the criteria over every
 * registration's property description (or certificate text) and attachment text (text layer or OCR), store results and evidence,
 * then set counts and status. Redelivery-safe: it runs until processing is marked complete,
 * rewriting the same result rows and replacing the evidence wholesale.
 */
import { closeReservationStatement } from "../worker/db/allowance";
import type { CheckRow, CriterionRow } from "../worker/db/checks";
import type { QueryRow } from "../worker/db/queries";
import type { DocumentRow, RegistrationRow } from "../worker/db/registrations";
import { checkStatus, compile, decideRegistration, type CoverageIssue, type RegistrationDecision, type SearchableDocument } from "../worker/domain/check-matching";
import { parsePageReadings } from "../worker/domain/page-reading";
import type { Certificate } from "../worker/schemas/certificate";
import { DONE, type StepResult } from "./step";
import { evidenceStatements, resultStatements } from "./check-rows";
import { enqueue } from "./messages";

/**
 * Registrations matched per message (CHECK_SLICE, default 200): bounds one invocation's R2 reads,
 * D1 writes and CPU whatever the subject's size (规模5000 is 25 messages). Tests set it small so
 * every check crosses slices.
 */
export function checkSlice(env: Env): number {
  const n = Number(env.CHECK_SLICE);
  return Number.isInteger(n) && n > 0 ? n : 200;
}

export async function checkStep(env: Env, checkId: string, _attempt: number, offset = 0): Promise<StepResult> {
  const check = await env.DB.prepare("SELECT * FROM checks WHERE id = ?").bind(checkId).first<CheckRow>();
  if (!check || check.processing_completed_at !== null) return DONE;
  const query = await env.DB.prepare("SELECT * FROM queries WHERE id = ?").bind(check.source_query_id).first<QueryRow>();
  if (!query) return failCheck(env, checkId, "available").then(() => DONE);
  // Not finished yet: the query wakes its checks when it finishes.
  if (query.completed_at === null) return DONE;
  if (query.status === "failed" || query.status === "cancelled") {
    await failCheck(env, checkId, query.source_status);
    return DONE;
  }
  await env.DB.prepare("UPDATE checks SET execution_status = 'processing', updated_at = ? WHERE id = ? AND processing_completed_at IS NULL")
    .bind(Date.now(), checkId).run();

  const slice = checkSlice(env);
  const [criteria, registrations] = await env.DB.batch<unknown>([
    env.DB.prepare("SELECT * FROM criteria WHERE check_id = ? ORDER BY ordinal").bind(checkId),
    env.DB.prepare(
      `SELECT id, ordinal, certificate_number, parse_status, certificate, source_status, coverage_complete FROM registrations
       WHERE query_id = ? ORDER BY ordinal LIMIT ? OFFSET ?`,
    ).bind(query.id, slice, offset),
  ]);
  const crits = criteria!.results as CriterionRow[];
  const regs = registrations!.results as Array<Pick<RegistrationRow, "id" | "ordinal" | "certificate_number" | "parse_status" | "certificate" | "source_status" | "coverage_complete">>;
  const regIds = JSON.stringify(regs.map((r) => r.id));
  const documents = await env.DB.prepare(
    "SELECT * FROM documents WHERE registration_id IN (SELECT value FROM json_each(?)) ORDER BY registration_id, kind DESC, ordinal",
  ).bind(regIds).all<DocumentRow>();
  const docsByReg = new Map<string, DocumentRow[]>();
  for (const d of documents.results) docsByReg.set(d.registration_id, [...(docsByReg.get(d.registration_id) ?? []), d]);

  const matcher = compile(crits);
  const now = Date.now();
  const decisions: Array<{ reg: (typeof regs)[number]; decision: RegistrationDecision }> = [];
  for (const reg of regs) {
    const docs = await searchable(env, docsByReg.get(reg.id) ?? []);
    const decision = decideRegistration(matcher, {
      registrationId: reg.id,
      certificateNumber: reg.certificate_number,
      parseStatus: reg.parse_status,
      // A failed parse stores a certificate too (its issues say why): only a completed one has fields to search.
      certificate: reg.certificate && reg.parse_status === "completed" ? (JSON.parse(reg.certificate) as Certificate) : null,
      documents: docs,
      attachmentsComplete: reg.parse_status !== "completed" || reg.coverage_complete === 1,
    });
    decisions.push({ reg, decision });
  }

  const statements = [
    env.DB.prepare("DELETE FROM evidence WHERE check_id = ? AND registration_id IN (SELECT value FROM json_each(?))").bind(checkId, regIds),
    ...resultStatements(env, checkId, decisions, now),
    ...evidenceStatements(env, checkId, decisions, now),
  ];
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50));

  if (regs.length === slice) {
    await enqueue(env, [{ type: "check", checkId, offset: offset + slice }]);
    return DONE;
  }
  await finishCheck(env, checkId, query, crits, matcher.ignored, now);
  return DONE;
}

/** Counts, coverage and status from the stored results (every slice is in D1 by now). */
async function finishCheck(env: Env, checkId: string, query: QueryRow, crits: CriterionRow[], ignored: readonly string[], now: number): Promise<void> {
  const [tallies, perCriterion, issueRows] = await env.DB.batch<unknown>([
    env.DB.prepare(
      `SELECT SUM(match_status = 'matched') AS matched, SUM(match_status = 'matched' AND source_available = 1 AND review_decision IS NULL) AS pending
       FROM check_results WHERE check_id = ?`,
    ).bind(checkId),
    env.DB.prepare(
      `SELECT j.value AS criterion_id, COUNT(*) AS n FROM check_results r, json_each(r.matched_criterion_ids) j
       WHERE r.check_id = ? AND r.match_status = 'matched' GROUP BY j.value`,
    ).bind(checkId),
    env.DB.prepare("SELECT coverage_issues FROM check_results WHERE check_id = ? AND coverage_issues <> '[]' ORDER BY ordinal").bind(checkId),
  ]);
  const t = (tallies!.results[0] ?? {}) as { matched: number | null; pending: number | null };
  const byCriterion = new Map((perCriterion!.results as Array<{ criterion_id: string; n: number }>).map((r) => [r.criterion_id, r.n]));
  const issues: CoverageIssue[] = [
    ...(query.source_status !== "available" ? [{ code: query.source_status === "quarantined" ? "SOURCE_QUARANTINED" : "SOURCE_UNAVAILABLE" }] : []),
    ...ignored.map((criterionId) => ({ code: "CRITERION_NOT_SEARCHABLE", criterionId })),
    ...(issueRows!.results as Array<{ coverage_issues: string }>).flatMap((r) => JSON.parse(r.coverage_issues) as CoverageIssue[]),
  ];
  const coverageComplete = issues.length === 0 && query.coverage_complete === 1;
  const counts = crits.map((c) => ({ criterionId: c.id, count: byCriterion.get(c.id) ?? 0 }));
  const pendingReview = t.pending ?? 0;
  const state = checkStatus(pendingReview, coverageComplete);
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE checks SET status = ?2, execution_status = ?3, source_status = ?4, coverage_complete = ?5, coverage_issues = ?6,
         criterion_counts = ?7, unmatched_criterion_ids = ?8, candidate_count = ?9, pending_review_count = ?10,
         failure_code = ?11, processing_completed_at = ?12, completed_at = ?13, updated_at = ?12
       WHERE id = ?1 AND processing_completed_at IS NULL`,
    ).bind(
      checkId, state.status, state.executionStatus, query.source_status, coverageComplete ? 1 : 0, JSON.stringify(issues),
      JSON.stringify(counts), JSON.stringify(counts.filter((c) => c.count === 0).map((c) => c.criterionId)), t.matched ?? 0, pendingReview,
      coverageComplete ? null : "CHECK_COVERAGE_INCOMPLETE", now, state.finished ? now : null,
    ),
    closeReservationStatement(env.DB, checkId, "check", "settle", now),
  ]);
}

/** Page texts of the documents that have them (R2), the others as they are. */
async function searchable(env: Env, docs: DocumentRow[]): Promise<SearchableDocument[]> {
  return Promise.all(
    docs.map(async (d) => {
      let pages: string[] | null = null;
      if (d.text_key) {
        const object = await env.FILES.get(d.text_key);
        pages = object ? ((await object.json()) as string[]) : null;
      }
      return {
        id: d.id, kind: d.kind, fileName: d.file_name, mimeType: d.mime_type, sha256: d.sha256,
        textStatus: pages || !d.text_key ? d.text_status : "unreadable", pages, readings: parsePageReadings(d.pages),
      };
    }),
  );
}

async function failCheck(env: Env, checkId: string, sourceStatus: string): Promise<void> {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE checks SET status = 'failed', execution_status = 'failed', source_status = ?2, coverage_complete = 0, failure_code = 'CHECK_FAILED',
         processing_completed_at = ?3, completed_at = ?3, updated_at = ?3 WHERE id = ?1 AND processing_completed_at IS NULL`,
    ).bind(checkId, sourceStatus, now),
    closeReservationStatement(env.DB, checkId, "check", "release", now),
  ]);
}

/** Dead-lettered: the check could not be processed. */
export async function abandonCheck(env: Env, checkId: string): Promise<void> {
  const check = await env.DB.prepare("SELECT source_status FROM checks WHERE id = ?").bind(checkId).first<{ source_status: string }>();
  if (check) await failCheck(env, checkId, check.source_status);
}
