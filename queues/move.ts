/**
 * @module Moving an account to another shard (docs/capacity.md section 3): `startMove` marks the account
 * 'moving' (creation refused, its steps wait) and sends the first message once every isolate has seen
 * the state (AUTH_CACHE_MS). Each message copies one chunk of one table (insert-or-ignore: a
 * redelivered chunk adds nothing) and names the next; after the last table the counts are compared,
 * the directory flips to the target (state 'active'), and a last message deletes the source rows once
 * every isolate's cache has let go of the source (AUTH_CACHE_MS after the flip). A
 * move the pipeline gives up on (dead-letter queue) before the flip is undone: the source still has
 * everything.
 */
import { readConfig } from "../worker/config";
import { checkIdsOf, copiedWhole, copyChunk, countOwned, deleteOwned, MOVED_TABLES } from "../worker/db/account-move";
import { findAccountShard, flipShard, setShardState, shardOf } from "../worker/db/shards";
import { forgetAccount } from "../worker/auth/key-cache";
import { enqueue, type MoveMessage } from "./messages";
import { DONE, doneThen, type StepOutcome } from "./step";

/** Marks the account 'moving' and sends the move's first message after the key and directory caches' bound. */
export async function startMove(env: Env, accountId: string, to: number): Promise<boolean> {
  shardOf(env, to);
  const entry = await findAccountShard(env.DB, accountId);
  if (!entry || entry.state !== "active" || entry.index === to) return false;
  await setShardState(env.DB, accountId, "moving");
  const delaySeconds = Math.ceil(readConfig(env).authCacheMs / 1000);
  await enqueue(env, [{ type: "move", accountId, from: entry.index, to, phase: "copy", table: 0, after: "" }], delaySeconds);
  return true;
}

export async function moveStep(env: Env, message: MoveMessage): Promise<StepOutcome> {
  const entry = await findAccountShard(env.DB, message.accountId);
  if (!entry) return DONE;
  const owner = { accountId: message.accountId, checkIds: await checkIdsOf(env.DB, message.accountId) };
  const [source, target] = [shardOf(env, message.from), shardOf(env, message.to)];
  if (message.phase === "delete") {
    // Isolates that cached the account before the flip still read the source until their entries expire.
    const waitMs = (message.notBefore ?? 0) - Date.now();
    if (waitMs > 0) return { kind: "wait", delaySeconds: Math.ceil(waitMs / 1000) };
    // Only once the directory names the target: the source rows are then nobody's.
    if (entry.index === message.to) await deleteOwned(source, owner);
    return DONE;
  }
  // A stale copy message (the move was undone, or has already flipped) does nothing.
  if (entry.state !== "moving" || entry.index !== message.from) return DONE;
  const moved = MOVED_TABLES[message.table];
  if (moved) {
    const last = await copyChunk(source, target, moved, owner, message.after);
    const next = last === null ? { table: message.table + 1, after: "" } : { table: message.table, after: last };
    return doneThen([{ ...message, ...next }]);
  }
  const [before, after] = await Promise.all([countOwned(source, owner), countOwned(target, owner)]);
  // Something the copy missed (it should not happen: nothing of the account is written while it moves): copy again.
  if (!copiedWhole(before, after)) return doneThen([{ ...message, table: 0, after: "" }]);
  await flipShard(env.DB, message.accountId, message.from, message.to);
  forgetAccount(message.accountId);
  return doneThen([{ ...message, phase: "delete", notBefore: Date.now() + readConfig(env).authCacheMs }]);
}

/** Dead-lettered: a move not flipped yet is undone (the account is active on its source again). */
export async function abandonMove(env: Env, message: MoveMessage): Promise<StepOutcome> {
  const entry = await findAccountShard(env.DB, message.accountId);
  if (entry && entry.state === "moving" && entry.index === message.from) await setShardState(env.DB, message.accountId, "active");
  return DONE;
}
