/**
 * drizzle-kit reads the schema and writes forward-only migrations into migrations/, the directory
 * wrangler (`migrations_dir`) and the tests (`readD1Migrations`) apply. Only the .sql files are
 * applied; migrations/meta/ holds drizzle-kit's snapshot and journal, which the next generate diffs against.
 */
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});
