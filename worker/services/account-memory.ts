/**
 * @module The account's memory of a receivable (console-api.md, GET /hits?value=): every check of the
 * account that looked for the value (a criterion that folds to it) or hit it (a registration it matched
 * whose text names it, read by the matcher: a number inside a printed range counts), newest first,
 * each with the results that concern the value. Bounded (docs/console.md says so): at most
 * MEMORY_LIMIT criteria are read for one value, and the hits of the account's newest MEMORY_CHECKS
 * checks, at most MEMORY_LIMIT of them, for the text that names it.
 */
import { checksLookingFor, matchedRegistrationsContaining, matchedResultsOf, newestCheckIds, pageOfChecksById, type HitResult } from "../db/hits";
import type { CheckRecord } from "../db/schema";
import { memoryProbe, namesValue } from "../domain/account-memory";

export const MEMORY_LIMIT = 2000;
/** Check ids travel as one JSON parameter: 2,000 of them are about 42 kB. */
export const MEMORY_CHECKS = 2000;

export interface RememberedCheck {
  check: CheckRecord;
  looked: boolean;
  results: HitResult[];
}

export async function rememberedChecks(
  db: D1Database,
  shard: D1Database,
  accountId: string,
  value: string,
  page: { pageSize: number; offset: number },
): Promise<{ items: RememberedCheck[]; total: number }> {
  const probe = memoryProbe(value);
  if (!probe) return { items: [], total: 0 };
  const [looked, recent] = await Promise.all([
    checksLookingFor(db, accountId, probe.folded, MEMORY_LIMIT),
    newestCheckIds(db, accountId, MEMORY_CHECKS),
  ]);
  const candidates = await matchedRegistrationsContaining(shard, recent, probe.prefix, MEMORY_LIMIT);
  // Each check with the registrations whose text names the value.
  const named = new Map<string, Set<string>>();
  for (const c of candidates) {
    if (!namesValue(probe, c.searchText)) continue;
    named.set(c.checkId, (named.get(c.checkId) ?? new Set()).add(c.registrationId));
  }
  const ids = [...new Set([...looked.keys(), ...named.keys()])];
  const { rows, total } = await pageOfChecksById(db, accountId, ids, page);
  const onPage = rows.map((r) => r.id);
  const results = await matchedResultsOf(
    shard,
    onPage,
    onPage.flatMap((id) => looked.get(id) ?? []),
    onPage.flatMap((id) => [...(named.get(id) ?? [])]),
  );
  const items = rows.map((check) => {
    const criteria = new Set(looked.get(check.id) ?? []);
    const registrationsNamed = named.get(check.id) ?? new Set<string>();
    const concerns = (r: HitResult) =>
      registrationsNamed.has(r.registrationId) || (JSON.parse(r.matchedCriterionIds) as string[]).some((id) => criteria.has(id));
    return { check, looked: criteria.size > 0, results: results.filter((r) => r.checkId === check.id && concerns(r)) };
  });
  return { items, total };
}
