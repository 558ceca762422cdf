/**
 * @module Writing one slice's decisions: a result row per registration and its evidence, replacing
 * whatever a redelivered slice wrote before (ids are derived, so the same rows are rewritten).
 */
import { runInBatches } from "../../worker/db/batch";
import { upsertResult } from "../../worker/db/check-results";
import { replaceEvidence } from "../../worker/db/evidence";
import type { RegistrationToMatch } from "../../worker/db/registrations";
import type { NewEvidenceRecord } from "../../worker/db/schema";
import { INDEX_VERSION, RULE_VERSION, type RegistrationDecision } from "../../worker/domain/check-matching";
import { toIso } from "../../worker/lib/time";
import { documentUrl } from "../../worker/serializers/registration";

export interface Decided {
  registration: RegistrationToMatch;
  decision: RegistrationDecision;
}

export async function writeResults(env: Env, checkId: string, decided: readonly Decided[], now: number): Promise<void> {
  const results = decided.map(({ registration: reg, decision: d }) =>
    upsertResult(env.DB, {
      checkId, registrationId: reg.id, ordinal: reg.ordinal, matchStatus: d.matchStatus,
      resultStatus: d.matchStatus === "unmatched" ? "unmatched" : "pending", strength: d.strength,
      matchedCriterionIds: JSON.stringify(d.matchedCriterionIds), decidedAt: d.matchStatus === "matched" ? now : null,
      systemDecision: d.strength === "invoice_match" ? JSON.stringify({ decidedAt: toIso(now), decision: "matched", reason: "invoice_exact_match" }) : null,
      coverageIssues: JSON.stringify(d.coverageIssues), pendingReason: d.pendingReason, coverageReason: d.coverageReason,
      sourceAvailable: reg.sourceStatus === "available",
    }),
  );
  const evidence = replaceEvidence(env.DB, checkId, decided.map((d) => d.registration.id), evidenceRecords(checkId, decided, now));
  // Batches in order: the old evidence goes first; a redelivered slice rewrites all of it anyway.
  await runInBatches(env.DB, [evidence[0], ...results, ...evidence.slice(1)]);
}

function evidenceRecords(checkId: string, decided: readonly Decided[], now: number): NewEvidenceRecord[] {
  return decided.flatMap(({ registration: reg, decision }) =>
    decision.evidence.map((e, i) => {
      const id = `ev_${checkId.slice(4)}${reg.id.slice(4)}${String(i).padStart(4, "0")}`;
      const body = {
        id, certificateNumber: reg.certificateNumber, criterionId: e.criterionId, fileName: e.fileName, snippet: e.snippet,
        start: e.start, end: e.end, highlightRanges: e.highlightRanges, indexVersion: INDEX_VERSION, matchedAt: toIso(now),
        sourceField: e.sourceField, termKind: e.termKind, termValue: e.termValue, documentId: e.documentId,
        documentVersionId: e.documentVersionId, mimeType: e.mimeType, pageNumber: e.pageNumber, pageRanges: e.pageRanges,
        ruleVersion: RULE_VERSION, url: documentUrl(e.documentId),
      };
      return { id, checkId, registrationId: reg.id, criterionId: e.criterionId, documentId: e.documentId, ordinal: i, body: JSON.stringify(body) };
    }),
  );
}
