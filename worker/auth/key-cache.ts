/**
 * @module A short-lived, bounded, per-isolate cache of key hash → key lookup (key, account, the
 * account's shard and its state, subscription and plan), so that a busy client's requests skip the D1 read that authenticates them.
 *
 * Staleness bound: an entry lives AUTH_CACHE_MS (worker/config.ts; default 5 s) and never past the end of the
 * subscription it holds. Revocation, disabling and subscription changes made through the management
 * API evict the account's entries in the isolate that made them at once; other isolates see them
 * within AUTH_CACHE_MS, as they see a shard move's state change. Key expiry needs no bound: it is checked against the cached expiresAt on
 * every request. Only hashes are keys of the map, never the API keys themselves.
 */
import type { KeyLookup } from "../db/auth";
import { ExpiringMap } from "../lib/expiring-map";

/** Enough for every active key an isolate sees in a few seconds; the oldest entry goes first. */
export const AUTH_CACHE_MAX_ENTRIES = 2_000;

const entries = new ExpiringMap<string, KeyLookup>(AUTH_CACHE_MAX_ENTRIES);

export function cachedLookup(keyHash: string, now: number): KeyLookup | undefined {
  return entries.get(keyHash, now);
}

export function cacheLookup(keyHash: string, lookup: KeyLookup, now: number, ttlMs: number): void {
  if (ttlMs <= 0) return;
  entries.set(keyHash, lookup, Math.min(now + ttlMs, lookup.subscription?.endsAt ?? Number.POSITIVE_INFINITY));
}

/** After a management change to the account (keys, disabling, subscriptions): its entries go now. */
export function forgetAccount(accountId: string): void {
  entries.deleteWhere((lookup) => lookup.accountId === accountId);
}
