/**
 * drizzle-kit for the shard D1s (SHARD_0 … SHARD_{n-1}): the shard schema into migrations/shard/, the
 * directory every shard binding names as its migrations_dir (wrangler.toml). The shared D1's config is
 * drizzle.config.ts. `npm run db:generate` runs both.
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/shard.ts",
  out: "./migrations/shard",
});
