/** @module The account's memory (db/hits.ts rows) → ConsoleHit items. */
import type { HitResult as HitRow } from "../db/hits";
import type { RememberedCheck } from "../services/account-memory";
import type { AuditActor } from "../domain/audit";
import { toIso } from "../lib/time";
import type { Hit, HitResult } from "../schemas/console-hits";
import { toPublicStanding } from "./standing";

function toHitResult(r: HitRow): HitResult {
  const standing = toPublicStanding(r.standing);
  return {
    registrationId: r.registrationId,
    certificateNumber: r.certificateNumber,
    matchStatus: r.matchStatus,
    ...(r.strength ? { strength: r.strength as NonNullable<HitResult["strength"]> } : {}),
    manualDecision: (r.reviewDecision as HitResult["manualDecision"]) ?? null,
    ...(standing ? { standing } : {}),
  };
}

export function toHit({ check, looked, results }: RememberedCheck, createdBy: AuditActor | undefined): Hit {
  return {
    check: {
      id: check.id,
      applicant: check.applicant,
      createdAt: toIso(check.createdAt),
      status: check.status as Hit["check"]["status"],
      createdBy: createdBy ?? null,
    },
    looked,
    results: results.map(toHitResult),
  };
}
