/**
 * @module The resources a request names, read or refused: NOT_FOUND when there is none, and when it
 * is another account's (open-api-v1.md: as if it did not exist). Shared by the operations that
 * name the same resource.
 */
import { findOwnCheck, type CheckRecord } from "../db/account-checks";
import { findOwnQuery, type QueryRecord } from "../db/account-queries";
import { findAccount } from "../db/accounts";
import { findResult, type CheckResultRecord } from "../db/results";
import { findAccountShard } from "../db/shards";
import { ApiError } from "../errors";
import { cachedFinalQuery, rememberIfFinal } from "./final-query-cache";

/** A finished query comes from the isolate's copy when it holds one (services/final-query-cache.ts). */
export async function requireQuery(db: D1Database, accountId: string, id: string): Promise<QueryRecord> {
  const now = Date.now();
  const cached = cachedFinalQuery(accountId, id, now);
  if (cached) return cached;
  const row = await findOwnQuery(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  rememberIfFinal(row, now);
  return row;
}

export async function requireCheck(db: D1Database, accountId: string, id: string): Promise<CheckRecord> {
  const row = await findOwnCheck(db, accountId, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** The account's check's result for that registration (another account's is as absent as a missing one). */
export async function requireResult(
  db: D1Database,
  shard: D1Database,
  accountId: string,
  checkId: string,
  registrationId: string,
): Promise<CheckResultRecord> {
  // The check (shared D1) and the result (the account's shard) side by side: the check decides ownership.
  const [, result] = await Promise.all([requireCheck(db, accountId, checkId), findResult(shard, checkId, registrationId)]);
  if (!result) throw new ApiError("NOT_FOUND");
  return result;
}

/** An account by id (management API: the operator sees every account). */
export async function requireAccount(db: D1Database, id: string) {
  const row = await findAccount(db, id);
  if (!row) throw new ApiError("NOT_FOUND");
  return row;
}

/** The account's directory entry; none for an unknown account (every account gets one in its creation batch). */
export async function requireShardEntry(db: D1Database, accountId: string) {
  const entry = await findAccountShard(db, accountId);
  if (!entry) throw new ApiError("NOT_FOUND");
  return entry;
}
