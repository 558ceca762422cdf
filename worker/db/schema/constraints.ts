/**
 * @module Helpers that let a column's allowed values be written once: the same tuple gives the column
 * its TypeScript type (drizzle's `enum` option) and renders its CHECK constraint in the migration.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `"column" IN ('a', 'b')`. The column is named bare (drizzle would qualify it with the table, which
 * a CHECK does not need). The values are inlined as literals (not bound parameters) because a CHECK
 * in DDL cannot take parameters; they are constants of this schema, never client input.
 */
export function oneOf(column: SQLiteColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${bare(column)} IN (${sql.raw(literals)})`;
}

/**
 * A column by its bare name, for CHECK constraints and partial-index WHERE clauses: drizzle renders a
 * column reference there as "table"."column", which is valid SQLite but not how the DDL reads.
 */
export function bare(column: SQLiteColumn): SQL {
  return sql`${sql.identifier(column.name)}`;
}
