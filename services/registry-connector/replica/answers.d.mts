/** Types of answers.mjs, for TypeScript callers. */
export const FAULT_TEXTS: Record<
  "expiredToken" | "loginRefused" | "cannotDecrypt" | "busy" | "quarantined" | "unavailable" | "internal" | "missingCertificate",
  string
>;
export function listingZip(
  registrations: { certificateNumber: string; registerType?: string; registerTime?: string; expiresAt?: string; summary?: Record<string, unknown> }[],
  options?: { truncate?: boolean; gbk?: boolean; badCrc?: boolean },
): Uint8Array;
export function errorZip(message: string): Uint8Array;
