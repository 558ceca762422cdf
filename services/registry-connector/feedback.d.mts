/** Types of feedback.mjs, for TypeScript callers. */
import type { Outcome } from "./mappings.mjs";
export interface ContractRegistration {
  certificateNumber: string;
  registerType?: string;
  registerTime?: string;
  expiresAt?: string;
  summary: Record<string, string>;
}
export function isoRegisterTime(value: unknown): string | null;
export function listingOfFeedback(xml: string): { ok: true; registrations: ContractRegistration[] } | { ok: false; outcome: Outcome; reason: string };
export function outcomeOfErrorXml(xml: string): Outcome;
