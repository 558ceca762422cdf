/** @module A result's stored standing (check_results.standing, written by the check step) → the public RegistrationStanding. */
import type { Standing as StoredStanding } from "../domain/standing";
import { toIso } from "../lib/time";
import type { Standing } from "../schemas/check-result";

/** The public standing, or undefined for a result matched before standings were recorded. */
export function toPublicStanding(stored: string | null): Standing | undefined {
  if (stored === null) return undefined;
  const s = JSON.parse(stored) as StoredStanding;
  return {
    state: s.state,
    effectiveUntil: s.effectiveUntil,
    cancelledBy: s.cancelledBy,
    changedBy: s.changedBy,
    stillDescribed: s.stillDescribed,
    asOf: toIso(s.asOf),
    basis: s.basis,
  };
}
