/**
 * @module Management-API shapes (management-api.md): AdminAccount, Plan, Subscription, Grant, key
 * list items and the created key, the stored review, a stored fixture file.
 */
import type { AccountRecord, AllowanceBucketRecord, ApiKeyRecord, PlanRecord } from "../db/schema";
import { toIso } from "../lib/time";
import type { AccountShard as AccountShardRow } from "../db/shards";
import type { AccountShard, AdminAccount, CreatedKey, Grant, KeyListItem, Plan, StoredFile, StoredSubject } from "../schemas/admin";
import type { ManualReview } from "../schemas/check-result";
import type { Subscription } from "../schemas/entitlements";
import type { FixtureSubject } from "../upstream/sandbox/fixtures";
import { toPlanSummary } from "./entitlements";

export function toAccountShard(entry: AccountShardRow): AccountShard {
  return { shard: entry.index, state: entry.state };
}

export function toAdminAccount(a: AccountRecord): AdminAccount {
  return { id: a.id, name: a.name, disabled: a.disabled };
}

export function toPlan(p: PlanRecord): Plan {
  return {
    id: p.id,
    name: p.name,
    checkAllowance: p.checkAllowance,
    queryAllowance: p.queryAllowance,
    checkEnabled: p.checkEnabled,
    apiEnabled: p.apiEnabled,
  };
}

/** A new subscription as the account's entitlements will show it; `periodEndsAt` ends the plan period in force (or the first). */
export function toSubscription(
  s: { cycle: Subscription["cycle"]; startsAt: number; endsAt: number; periodEndsAt: number },
  plan: PlanRecord,
): Subscription {
  return { cycle: s.cycle, startsAt: toIso(s.startsAt), endsAt: toIso(s.endsAt), periodEndsAt: toIso(s.periodEndsAt), plan: toPlanSummary(plan) };
}

export function toGrant(g: Pick<AllowanceBucketRecord, "id" | "kind" | "amount" | "source" | "startsAt" | "expiresAt">): Grant {
  return {
    id: g.id,
    kind: g.kind,
    amount: g.amount,
    source: g.source as Grant["source"],
    startsAt: toIso(g.startsAt),
    expiresAt: toIso(g.expiresAt),
  };
}

export function toKeyListItem(k: ApiKeyRecord, now: number): KeyListItem {
  return { id: k.id, name: k.name, prefix: k.prefix, createdAt: toIso(k.createdAt), expiresAt: toIso(k.expiresAt), expired: k.expiresAt <= now };
}

/** The one response that shows the key itself: only its hash is stored. */
export function toCreatedKey(k: Pick<ApiKeyRecord, "id" | "name" | "prefix" | "createdAt" | "expiresAt">, key: string): CreatedKey {
  return { id: k.id, name: k.name, prefix: k.prefix, key, createdAt: toIso(k.createdAt), expiresAt: toIso(k.expiresAt) };
}

export function toManualReview(r: { decision: ManualReview["decision"]; note: string; reviewedAt: number }): ManualReview {
  return { decision: r.decision, note: r.note, reviewedAt: toIso(r.reviewedAt) };
}

export function toStoredSubject(subjectName: string, fixture: FixtureSubject): StoredSubject {
  return { subjectName, registrationCount: fixture.registrations.length };
}

export function toStoredFile(file: { sha256: string; size: number }): StoredFile {
  return { sha256: file.sha256, size: file.size };
}
