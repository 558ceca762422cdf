/** @module Result and evidence rows of a check, as bound D1 statements. */
import type { RegistrationDecision } from "../worker/domain/check-matching";
import { INDEX_VERSION, RULE_VERSION } from "../worker/domain/check-matching";
import { toIso } from "../worker/lib/time";
import { documentUrl } from "../worker/serializers/registration";

interface Decided {
  reg: { id: string; ordinal: number; certificate_number: string; source_status: string };
  decision: RegistrationDecision;
}

/** Result ids are derived, so a redelivered step rewrites the same rows. */
export function resultId(checkId: string, registrationId: string): string {
  return `res_${checkId.slice(4)}_${registrationId.slice(4)}`;
}

export function resultStatements(env: Env, checkId: string, decided: readonly Decided[], now: number): D1PreparedStatement[] {
  return decided.map(({ reg, decision: d }) =>
    env.DB.prepare(
      `INSERT OR REPLACE INTO check_results (id, check_id, registration_id, ordinal, match_status, result_status, strength,
         matched_criterion_ids, version, decided_at, system_decision, coverage_issues, pending_reason, coverage_reason, source_available)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?)`,
    ).bind(
      resultId(checkId, reg.id), checkId, reg.id, reg.ordinal, d.matchStatus, d.matchStatus === "unmatched" ? "unmatched" : "pending",
      d.strength, JSON.stringify(d.matchedCriterionIds), d.matchStatus === "matched" ? now : null,
      d.strength === "invoice_match" ? JSON.stringify({ decidedAt: toIso(now), decision: "matched", reason: "invoice_exact_match" }) : null,
      JSON.stringify(d.coverageIssues), d.pendingReason, d.coverageReason, reg.source_status === "available" ? 1 : 0,
    ),
  );
}

export function evidenceStatements(env: Env, checkId: string, decided: readonly Decided[], now: number): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (const { reg, decision } of decided) {
    decision.evidence.forEach((e, i) => {
      const id = `ev_${checkId.slice(4)}${reg.id.slice(4)}${String(i).padStart(4, "0")}`;
      const body = {
        id, certificateNumber: reg.certificate_number, criterionId: e.criterionId, fileName: e.fileName, snippet: e.snippet,
        start: e.start, end: e.end, highlightRanges: e.highlightRanges, indexVersion: INDEX_VERSION, matchedAt: toIso(now),
        sourceField: e.sourceField, termKind: e.termKind, termValue: e.termValue, documentId: e.documentId,
        documentVersionId: e.documentVersionId, mimeType: e.mimeType, pageNumber: e.pageNumber, pageRanges: e.pageRanges,
        ruleVersion: RULE_VERSION, url: documentUrl(e.documentId),
      };
      statements.push(
        env.DB.prepare("INSERT OR REPLACE INTO evidence (id, check_id, registration_id, criterion_id, document_id, ordinal, body) VALUES (?, ?, ?, ?, ?, ?, ?)")
          .bind(id, checkId, reg.id, e.criterionId, e.documentId, i, JSON.stringify(body)),
      );
    });
  }
  return statements;
}
