/**
 * @module Writing one slice's decisions: a result row per registration and its evidence, replacing
 * whatever a redelivered slice wrote before (ids are derived, so the same rows are rewritten).
 */
import { runInBatches } from "../../worker/db/batch";
import { upsertResult } from "../../worker/db/check-results";
import { evidenceRows, replaceEvidence } from "../../worker/db/evidence";
import type { RegistrationToMatch } from "../../worker/db/registrations";
import type { RegistrationDecision } from "../../worker/domain/check-matching";
import { liveRank, type Standing } from "../../worker/domain/standing";
import { toIso } from "../../worker/lib/time";

export interface Decided {
  registration: RegistrationToMatch;
  decision: RegistrationDecision;
}

function storedStanding(standing: Standing | undefined) {
  return standing ? { standing: JSON.stringify(standing), standingRank: liveRank(standing) } : { standing: null, standingRank: null };
}

/** On the account's shard, where the check's results and evidence live. */
export async function writeResults(
  shard: D1Database,
  checkId: string,
  decided: readonly Decided[],
  standings: ReadonlyMap<string, Standing>,
  now: number,
): Promise<void> {
  const results = decided.map(({ registration: reg, decision: d }) =>
    upsertResult(shard, {
      checkId,
      registrationId: reg.id,
      ordinal: reg.ordinal,
      matchStatus: d.matchStatus,
      resultStatus: d.matchStatus === "unmatched" ? "unmatched" : "pending",
      strength: d.strength,
      matchedCriterionIds: JSON.stringify(d.matchedCriterionIds),
      decidedAt: d.matchStatus === "matched" ? now : null,
      systemDecision: d.systemDecides ? JSON.stringify({ decidedAt: toIso(now), decision: "matched", reason: "invoice_exact_match" }) : null,
      coverageIssues: JSON.stringify(d.coverageIssues),
      pendingReason: d.pendingReason,
      coverageReason: d.coverageReason,
      sourceAvailable: reg.sourceStatus === "available",
      ...storedStanding(standings.get(reg.id)),
    }),
  );
  const found = decided.map(({ registration: reg, decision }) => ({
    registrationId: reg.id,
    certificateNumber: reg.certificateNumber,
    drafts: decision.evidence,
  }));
  const [clearOld, ...insertNew] = replaceEvidence(
    shard,
    checkId,
    found.map((f) => f.registrationId),
    evidenceRows(checkId, found, now),
  );
  // In this order: the old evidence goes first. The batches are not one transaction, but a redelivered slice rewrites all of it.
  await runInBatches(shard, [clearOld, ...results, ...insertNew]);
}
