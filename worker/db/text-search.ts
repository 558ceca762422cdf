/** @module The `search` filter of the list endpoints, as SQL. */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * `search` as a literal substring, case-insensitive for ASCII (what LIKE '%…%' gave, % _ ! included),
 * with instr(): D1 refuses LIKE patterns over 50 bytes, so 17 Chinese characters were a 503.
 */
export function containsText(column: SQLiteColumn, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}
