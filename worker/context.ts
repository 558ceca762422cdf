/** @module The Hono environment: bindings plus what middleware puts on the context; the account's shard D1 from the principal. */
import type { Context } from "hono";
import type { KeyLookup, SubscriptionInfo } from "./db/auth";
import { shardOf, type AccountShard } from "./db/shards";
import type { AuditActor } from "./domain/audit";
import type { WindowState } from "./domain/rate-limit";

export interface Principal {
  accountId: string;
  /** Who acts, as the audit trail records it: the API key (id and display prefix) or the console's user. */
  actor: AuditActor;
  /** From the auth lookup (cached with the key): where the account's registrations, documents and results live. */
  shard: AccountShard;
  subscription: SubscriptionInfo | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
    /** Set once the AccountGate has counted this creation attempt. */
    creationAdmitted: boolean;
    /** The rate window the AccountGate counted this request in (the RateLimit header). */
    rateWindow: WindowState;
  };
}

export type { KeyLookup };

/**
 * The authenticated account's shard D1: registrations, documents, check results, evidence and reviews
 * are read and written there (the shared tables stay on c.env.DB). No lookup: the shard came with the key.
 */
export function accountDb(c: Context<AppEnv>): D1Database {
  return shardOf(c.env, c.get("principal").shard.index);
}
