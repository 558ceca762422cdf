import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { readConfig } from "../../worker/config";
import { shardOf } from "../../worker/db/shards";

// The shared D1 from migrations/, every shard D1 (SHARD_0 … SHARD_{SHARDS-1}) from migrations/shard/.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
for (let index = 0; index < readConfig(env).shards; index++) await applyD1Migrations(shardOf(env, index), env.TEST_SHARD_MIGRATIONS);
