/**
 * @module What the export of a check holds (console-api.md, GET /checks/{id}/export): the check's
 * summary (who started it, when, what it looked for, its status and coverage with every coverage issue
 * and the certificates it concerns), then every result in certificate order with its registration, the
 * criteria it matched, the system's and the reviewer's conclusions (the reviewer from the review's audit
 * event), and each hit's snippet, page and form (exact, or only inside a printed range or list).
 */
import type { Context } from "hono";
import { accountDb, type AppEnv } from "../../context";
import { criteriaOfChecks, type CheckRecord, type CriterionRecord } from "../../db/account-checks";
import { creatorsOf, reviewEventsOfCheck } from "../db/audit-lookups";
import { evidenceOfCheck } from "../../db/evidence";
import { registrationsWithDocuments } from "../../db/registration-detail";
import { pageOfResults, type CheckResultRecord } from "../../db/results";
import type { CoverageIssue } from "../../schemas/check";
import type { Standing } from "../../schemas/check-result";
import { toPublicStanding } from "../../serializers/standing";
import { requireCheck } from "../../services/lookups";
import { exportDecision, hitForm, type ExportDecision, type HitForm } from "./hit-form";
import { instantOf } from "./zoned-time";

/** Results read per round trip; a check has at most a few hundred. */
const READ_CHUNK = 200;

export interface ReportHit {
  criterion: string;
  form: HitForm;
  /** The text as printed: the number, the whole range or list, or the keyword. */
  printed: string;
  fileName: string;
  pageNumber: number | null;
  snippet: string;
}

export interface ReportRow {
  registrationId: string;
  certificateNumber: string;
  /** Epoch ms; null when the registry gave none. */
  registeredAt: number | null;
  securedParties: string | null;
  /** Where the registration stood when the check matched; null on results matched before standings were kept. */
  standing: Standing | null;
  matchStatus: CheckResultRecord["matchStatus"];
  resultStatus: CheckResultRecord["resultStatus"];
  matchedCriteria: string[];
  strength: CheckResultRecord["strength"];
  systemDecision: ExportDecision | null;
  manualDecision: CheckResultRecord["reviewDecision"];
  reviewer: string | null;
  reviewedAt: number | null;
  note: string | null;
  hits: ReportHit[];
}

/** One coverage issue of the check, with the certificates (or criteria) it concerns. */
export interface ReportCoverageIssue {
  code: CoverageIssue["code"];
  certificateNumbers: string[];
  criteria: string[];
}

export interface CheckReport {
  check: CheckRecord;
  criteria: CriterionRecord[];
  createdBy: string | null;
  coverageIssues: ReportCoverageIssue[];
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

const criterionLabel = (c: CriterionRecord | undefined, id: string) => (c ? c.value : id);

/** The check's coverage issues grouped by code, each with the certificates and criteria it names. */
function groupIssues(
  issues: readonly CoverageIssue[],
  certificateOf: (registrationId: string) => string,
  criterionOf: (criterionId: string) => string,
): ReportCoverageIssue[] {
  const byCode = new Map<CoverageIssue["code"], ReportCoverageIssue>();
  for (const issue of issues) {
    const group = byCode.get(issue.code) ?? { code: issue.code, certificateNumbers: [], criteria: [] };
    if (issue.registrationId) group.certificateNumbers.push(certificateOf(issue.registrationId));
    if (issue.criterionId) group.criteria.push(criterionOf(issue.criterionId));
    byCode.set(issue.code, group);
  }
  return [...byCode.values()].map((g) => ({ ...g, certificateNumbers: [...new Set(g.certificateNumbers)], criteria: [...new Set(g.criteria)] }));
}

export async function readCheckReport(c: Context<AppEnv>, checkId: string): Promise<CheckReport> {
  const { accountId } = c.get("principal");
  const shard = accountDb(c);
  const check = await requireCheck(c.env.DB, accountId, checkId);
  const issues = JSON.parse(check.coverageIssues) as CoverageIssue[];
  const [criteriaByCheck, results, reviews, creators, evidence] = await Promise.all([
    criteriaOfChecks(c.env.DB, [check.id]),
    allResults(shard, check.id),
    reviewEventsOfCheck(shard, accountId, check.id),
    creatorsOf(shard, accountId, ["check.created"], [check.id]),
    evidenceOfCheck(shard, check.id),
  ]);
  const criteria = criteriaByCheck.get(check.id) ?? [];
  const byCriterion = new Map(criteria.map((cr) => [cr.id, cr]));
  const lastReviewer = new Map(reviews.map((e) => [e.targetId?.slice(check.id.length + 1) ?? "", e.actorLabel]));
  const registrationIds = new Set([...results.map((r) => r.registrationId), ...issues.flatMap((i) => (i.registrationId ? [i.registrationId] : []))]);
  const { byId } = await registrationsWithDocuments(shard, [...registrationIds]);
  const certificateOf = (id: string) => byId.get(id)?.certificateNumber ?? id;
  const rows = results.map((r): ReportRow => {
    const registration = byId.get(r.registrationId);
    const matched = JSON.parse(r.matchedCriterionIds) as string[];
    const hits = (evidence.get(r.registrationId) ?? []).map((e): ReportHit => {
      const criterion = byCriterion.get(e.criterionId);
      return {
        criterion: criterionLabel(criterion, e.criterionId),
        form: hitForm(e.termKind, criterion?.value ?? e.termValue, e.termValue),
        printed: e.termValue,
        fileName: e.fileName,
        pageNumber: e.pageNumber ?? null,
        snippet: e.snippet,
      };
    });
    return {
      registrationId: r.registrationId,
      certificateNumber: certificateOf(r.registrationId),
      registeredAt: instantOf(registration?.registerTime),
      securedParties: registration?.securedPartyNames ?? null,
      standing: toPublicStanding(r.standing) ?? null,
      matchStatus: r.matchStatus,
      resultStatus: r.resultStatus,
      matchedCriteria: matched.map((id) => criterionLabel(byCriterion.get(id), id)),
      strength: r.strength,
      // The stored reason says "invoice number" for a number found inside a range too: the hits say which.
      systemDecision: r.systemDecision ? exportDecision(hits.map((h) => h.form)) : null,
      manualDecision: r.reviewDecision,
      reviewer: r.reviewDecision ? (lastReviewer.get(r.registrationId) ?? null) : null,
      reviewedAt: r.reviewDecision ? r.reviewedAt : null,
      note: r.reviewNote,
      hits,
    };
  });
  const coverageIssues = groupIssues(issues, certificateOf, (id) => criterionLabel(byCriterion.get(id), id));
  return { check, criteria, createdBy: creators.get(check.id)?.label ?? null, coverageIssues, rows };
}
