/**
 * @module Which shard D1 holds an account's data (docs/capacity.md section 3): the binding of a shard,
 * the account's entry in shard_directory (cached per isolate, bounded like the key cache), placement
 * of a new account, and the shards' sizes that placement reads. The request path never resolves here:
 * the one auth lookup (auth.ts) carries the shard on the principal; queue steps and the management
 * API resolve through the cache below.
 */
import { and, count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { readConfig, shardBinding } from "../config";
import { ExpiringMap } from "../lib/expiring-map";
import type { Write } from "./batch";
import { shardDirectory, shardSizes, type ShardState } from "./schema";

export type { ShardState };

/** Where an account's data lives, and whether it is being moved to another shard. */
export interface AccountShard {
  index: number;
  state: ShardState;
}

/** The D1 binding of shard `index` (SHARD_{index}); throws a ConfigError when it is not bound. */
export function shardOf(env: Env, index: number): D1Database {
  return shardBinding(env, index);
}

/** Every shard binding, in index order (the sweep measures them all). */
export function allShards(env: Env): D1Database[] {
  return Array.from({ length: readConfig(env).shards }, (_, index) => shardOf(env, index));
}

// ---- The directory, cached per isolate: an entry lives AUTH_CACHE_MS, the bound within which a
// move's state change made elsewhere is seen (the same bound as a key's revocation).

/** Enough for every account an isolate works for in a few seconds; the oldest entry goes first. */
export const SHARD_CACHE_MAX_ENTRIES = 2_000;

const cached = new ExpiringMap<string, AccountShard>(SHARD_CACHE_MAX_ENTRIES);

/** The account's directory entry, read from the shared D1 (undefined: no such account). */
export async function findAccountShard(db: D1Database, accountId: string): Promise<AccountShard | undefined> {
  const row = await drizzle(db)
    .select({ index: shardDirectory.shard, state: shardDirectory.state })
    .from(shardDirectory)
    .where(eq(shardDirectory.accountId, accountId))
    .get();
  return row ?? undefined;
}

/** The account's shard, from the isolate's cache or the directory; throws when the account has no entry. */
export async function resolveShard(env: Env, accountId: string, now: number = Date.now()): Promise<AccountShard> {
  const hit = cached.get(accountId, now);
  if (hit) return hit;
  const shard = await findAccountShard(env.DB, accountId);
  if (!shard) throw new Error(`account ${accountId} has no shard_directory entry`);
  const ttlMs = readConfig(env).authCacheMs;
  if (ttlMs > 0) cached.set(accountId, shard, now + ttlMs);
  return shard;
}

/** After a change to the account's entry made by this isolate: the next resolve reads the directory. */
export function forgetShard(accountId: string): void {
  cached.delete(accountId);
}

/** Sets the account's directory state (a move starts with 'moving' and ends with 'active'). */
export async function setShardState(db: D1Database, accountId: string, state: ShardState): Promise<void> {
  await drizzle(db).update(shardDirectory).set({ state }).where(eq(shardDirectory.accountId, accountId));
  forgetShard(accountId);
}

/** The end of a move: the account's entry names the target and is active again (only from the move's own state). */
export async function flipShard(db: D1Database, accountId: string, from: number, to: number): Promise<void> {
  await drizzle(db)
    .update(shardDirectory)
    .set({ shard: to, state: "active" })
    .where(and(eq(shardDirectory.accountId, accountId), eq(shardDirectory.shard, from), eq(shardDirectory.state, "moving")));
  forgetShard(accountId);
}

// ---- Placement: a new account goes to the smallest shard.

/** Shard sizes as the sweep last measured them, and the accounts each holds, in one round trip. */
async function shardLoads(db: D1Database): Promise<{ bytes: Map<number, number>; accounts: Map<number, number> }> {
  const d = drizzle(db);
  const [sizes, counts] = await d.batch([
    d.select({ shard: shardSizes.shard, bytes: shardSizes.bytes }).from(shardSizes),
    d.select({ shard: shardDirectory.shard, n: count() }).from(shardDirectory).groupBy(shardDirectory.shard),
  ]);
  return { bytes: new Map(sizes.map((s) => [s.shard, s.bytes])), accounts: new Map(counts.map((c) => [c.shard, c.n])) };
}

/** Fewest bytes; ties (and shards not measured yet, 0 bytes) by fewest accounts; then the lowest index. */
export function pickShard(shards: number, bytes: ReadonlyMap<number, number>, accounts: ReadonlyMap<number, number>): number {
  let best = 0;
  for (let index = 1; index < shards; index++) {
    const a = [bytes.get(index) ?? 0, accounts.get(index) ?? 0];
    const b = [bytes.get(best) ?? 0, accounts.get(best) ?? 0];
    if (a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!)) best = index;
  }
  return best;
}

/**
 * The new account's directory row, for the batch that inserts the account. Two accounts created at
 * the same moment may pick the same shard: harmless, the next placement sees both.
 */
export async function placementWrite(env: Env, accountId: string, now: number): Promise<{ shard: number; write: Write }> {
  const { bytes, accounts } = await shardLoads(env.DB);
  const shard = pickShard(readConfig(env).shards, bytes, accounts);
  return { shard, write: drizzle(env.DB).insert(shardDirectory).values({ accountId, shard, state: "active", placedAt: now }) };
}

// ---- Sizes, refreshed by the scheduled sweep.

/**
 * Each shard's size in bytes, as D1 reports it with every result (meta.size_after): one trivial
 * query per shard, all at once, then one upsert batch into shard_sizes.
 */
export async function refreshShardSizes(env: Env, now: number): Promise<Map<number, number>> {
  const sizes = await Promise.all(
    allShards(env).map(async (db) => {
      // The cheapest statement there is: only its result's meta is read (a raw prepare, no table to name).
      const result = await db.prepare("SELECT 1").run();
      return result.meta.size_after ?? 0;
    }),
  );
  const d = drizzle(env.DB);
  const upserts = sizes.map((bytes, shard) =>
    d
      .insert(shardSizes)
      .values({ shard, bytes, measuredAt: now })
      .onConflictDoUpdate({ target: shardSizes.shard, set: { bytes, measuredAt: now } }),
  );
  const [first, ...rest] = upserts;
  if (first) await d.batch([first, ...rest]);
  return new Map(sizes.map((bytes, shard) => [shard, bytes]));
}
