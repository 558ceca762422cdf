/** Types of registry-queries.mjs, for TypeScript callers (the tests). */
import type { ContractRegistration } from "./feedback.mjs";
import type { Outcome } from "./mappings.mjs";
export function listingOfAnswer(
  bytes: Uint8Array,
): { ok: true; registrations: ContractRegistration[] } | { ok: false; outcome: Outcome; reason: string };
