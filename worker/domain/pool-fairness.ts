/**
 * @module Who gets a free upstream slot. Accounts holding fewer slots go first, then the one that
 * has waited longest: one account's 100-subject batch cannot starve another's single query.
 */

export interface Contender {
  accountId: string;
  /** Slots the account holds now. */
  held: number;
  /** When the account's oldest waiting request first asked. */
  since: number;
}

/** Accounts that would get the `free` slots now, in order (at most one slot per account a round). */
export function winners(contenders: readonly Contender[], free: number): string[] {
  return [...contenders]
    .sort((a, b) => a.held - b.held || a.since - b.since || a.accountId.localeCompare(b.accountId))
    .slice(0, Math.max(0, free))
    .map((c) => c.accountId);
}
