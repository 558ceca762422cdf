/** @module Check result records → CheckResultSummary, CheckResultPage, CheckResult, CheckResultNavigation. */
import type { StoredEvidence } from "../schemas/evidence";
import type { ResultPosition, resultCounts } from "../db/results";
import type { CheckResultRecord, DocumentRecord, RegistrationRecord } from "../db/schema";
import { toIso } from "../lib/time";
import type { CheckEvidence, CheckResult, CheckResultNavigation, CheckResultPage, CheckResultSummary } from "../schemas/check-result";
import type { Registration } from "../schemas/registration";
import { toPublicEvidence } from "./evidence";
import { toRegistrationSummary } from "./registration";
import { toPublicStanding } from "./standing";

function optional<K extends string, V>(key: K, value: V | null | undefined): Partial<Record<K, V>> {
  return value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

const matchedCriterionIds = (r: CheckResultRecord) => JSON.parse(r.matchedCriterionIds) as string[];

export function toResultSummary(r: CheckResultRecord, registration: RegistrationRecord, docs: readonly DocumentRecord[]): CheckResultSummary {
  return {
    registration: toRegistrationSummary(registration, docs),
    matchStatus: r.matchStatus,
    matchedCriterionIds: matchedCriterionIds(r),
    resultStatus: r.resultStatus,
    ...optional("strength", r.strength as CheckResultSummary["strength"] | null),
    ...optional("coverageReason", r.coverageReason),
    ...optional("pendingReason", r.pendingReason as CheckResultSummary["pendingReason"] | null),
    ...optional("reviewNote", r.reviewNote),
    ...optional("standing", toPublicStanding(r.standing)),
  };
}

export function toResultPage(
  items: CheckResultSummary[],
  page: { page: number; pageSize: number; total: number },
  tallies: Awaited<ReturnType<typeof resultCounts>>,
): CheckResultPage {
  return { counts: tallies.counts, items, page: page.page, pageSize: page.pageSize, total: page.total, reviewableCount: tallies.reviewable };
}

/** What the system and the reviewer concluded about a matched registration, with its evidence. */
function toCheckEvidence(r: CheckResultRecord, evidence: readonly StoredEvidence[]): CheckEvidence {
  return {
    evidence: evidence.map(toPublicEvidence),
    matchedCriterionIds: matchedCriterionIds(r),
    strength: (r.strength ?? "keyword_only") as CheckEvidence["strength"],
    version: r.version,
    ...(r.systemDecision ? { systemDecision: JSON.parse(r.systemDecision) as NonNullable<CheckEvidence["systemDecision"]> } : {}),
    ...(r.reviewDecision && r.reviewedAt !== null
      ? {
          manualReview: {
            decision: r.reviewDecision as NonNullable<CheckEvidence["manualReview"]>["decision"],
            note: r.reviewNote ?? "",
            reviewedAt: toIso(r.reviewedAt),
          },
        }
      : {}),
  };
}

export function toPublicCheckResult(r: CheckResultRecord, registration: Registration, evidence: readonly StoredEvidence[]): CheckResult {
  return {
    registration,
    matchStatus: r.matchStatus,
    resultStatus: r.resultStatus,
    check: r.matchStatus === "matched" ? toCheckEvidence(r, evidence) : null,
    coverageIssues: JSON.parse(r.coverageIssues) as CheckResult["coverageIssues"],
    ...optional("coverageReason", r.coverageReason),
    ...optional("pendingReason", r.pendingReason as CheckResult["pendingReason"] | null),
    ...optional("standing", toPublicStanding(r.standing)),
  };
}

export function toNavigation(p: ResultPosition): CheckResultNavigation {
  return { total: p.total, position: p.position, previousRegistrationId: p.previousRegistrationId, nextRegistrationId: p.nextRegistrationId };
}
