import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations, ADMIN_TOKEN: "test-admin-token", SANDBOX_SLOW_MS: "40" } },
      }),
    ],
    test: { testTimeout: 60_000, hookTimeout: 60_000, setupFiles: ["./test/setup/apply-migrations.ts"], include: ["test/**/*.test.ts"] },
  };
});
