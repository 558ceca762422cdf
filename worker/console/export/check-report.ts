/**
 * @module What the export of a check holds (console-api.md, GET /checks/{id}/export): every result in
 * certificate order with its registration, the criteria it matched, the system's and the reviewer's
 * conclusions (the reviewer from the review's audit event), and, for the PDF, each hit's snippet and page.
 */
import { accountDb } from "../../context";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { criteriaOfChecks, type CheckRecord, type CriterionRecord } from "../../db/account-checks";
import { reviewEventsOfCheck } from "../db/audit-lookups";
import { evidenceOfResult } from "../../db/evidence";
import { registrationsWithDocuments } from "../../db/registration-detail";
import { pageOfResults, type CheckResultRecord } from "../../db/results";
import { requireCheck } from "../../services/lookups";

/** Results read per round trip; a check has at most a few hundred. */
const READ_CHUNK = 200;

export interface ReportHit {
  criterion: string;
  fileName: string;
  pageNumber: number | null;
  snippet: string;
}

export interface ReportRow {
  registrationId: string;
  certificateNumber: string;
  registerTime: string | null;
  securedParties: string | null;
  matchStatus: CheckResultRecord["matchStatus"];
  resultStatus: CheckResultRecord["resultStatus"];
  matchedCriteria: string[];
  strength: string | null;
  systemDecision: string | null;
  manualDecision: string | null;
  reviewer: string | null;
  reviewedAt: number | null;
  note: string | null;
  hits: ReportHit[];
}

export interface CheckReport {
  check: CheckRecord;
  criteria: CriterionRecord[];
  rows: ReportRow[];
}

async function allResults(shard: D1Database, checkId: string): Promise<CheckResultRecord[]> {
  const all: CheckResultRecord[] = [];
  const filter = { resultStatuses: [], matchStatuses: [], strengths: [], sort: "registration" as const };
  for (let offset = 0; ; offset += READ_CHUNK) {
    const { rows } = await pageOfResults(shard, checkId, filter, { pageSize: READ_CHUNK, offset });
    all.push(...rows);
    if (rows.length < READ_CHUNK) return all;
  }
}

const criterionLabel = (c: CriterionRecord | undefined, id: string) => (c ? `${c.value}` : id);

/** @param withHits read each matched result's evidence too (the PDF prints it; the CSV does not). */
export async function readCheckReport(c: Context<AppEnv>, checkId: string, withHits: boolean): Promise<CheckReport> {
  const { accountId } = c.get("principal");
  const shard = accountDb(c);
  const check = await requireCheck(c.env.DB, accountId, checkId);
  const [criteriaByCheck, results, reviews] = await Promise.all([
    criteriaOfChecks(c.env.DB, [check.id]),
    allResults(shard, check.id),
    reviewEventsOfCheck(shard, accountId, check.id),
  ]);
  const criteria = criteriaByCheck.get(check.id) ?? [];
  const byCriterion = new Map(criteria.map((cr) => [cr.id, cr]));
  const lastReviewer = new Map(reviews.map((e) => [e.targetId?.slice(check.id.length + 1) ?? "", e.actorLabel]));
  const { byId } = await registrationsWithDocuments(
    shard,
    results.map((r) => r.registrationId),
  );
  const hits = new Map<string, ReportHit[]>();
  if (withHits)
    await Promise.all(
      results
        .filter((r) => r.matchStatus === "matched")
        .map(async (r) => {
          const found = await evidenceOfResult(shard, check.id, r.registrationId);
          hits.set(
            r.registrationId,
            found.map((e) => ({
              criterion: criterionLabel(byCriterion.get(e.criterionId), e.criterionId),
              fileName: e.fileName,
              pageNumber: e.pageNumber ?? null,
              snippet: e.snippet,
            })),
          );
        }),
    );
  const rows = results.map((r): ReportRow => {
    const registration = byId.get(r.registrationId);
    const matched = JSON.parse(r.matchedCriterionIds) as string[];
    return {
      registrationId: r.registrationId,
      certificateNumber: registration?.certificateNumber ?? r.registrationId,
      registerTime: registration?.registerTime ?? null,
      securedParties: registration?.securedPartyNames ?? null,
      matchStatus: r.matchStatus,
      resultStatus: r.resultStatus,
      matchedCriteria: matched.map((id) => criterionLabel(byCriterion.get(id), id)),
      strength: r.strength,
      systemDecision: r.systemDecision ? (JSON.parse(r.systemDecision) as { reason: string }).reason : null,
      manualDecision: r.reviewDecision,
      reviewer: r.reviewDecision ? (lastReviewer.get(r.registrationId) ?? null) : null,
      reviewedAt: r.reviewedAt,
      note: r.reviewNote,
      hits: hits.get(r.registrationId) ?? [],
    };
  });
  return { check, criteria, rows };
}
