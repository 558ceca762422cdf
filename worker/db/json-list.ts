/** @module `column IN (…)` over a list of any length, as one bound parameter. */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * drizzle's inArray binds one parameter per value, and D1 takes at most 100 a statement; a check
 * slice or a sweep names up to hundreds of ids. SQLite's json_each reads them from one JSON text.
 */
export function inJsonList(column: SQLiteColumn, values: readonly string[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}
