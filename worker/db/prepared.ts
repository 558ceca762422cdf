/**
 * @module Drizzle queries prepared once per D1 binding and kept for the isolate's life. Building a
 * query's SQL (drizzle walks its builder objects, checking each one's kind) took more CPU than the rest
 * of a GET /queries/{id} (a CPU profile of the hot path); a prepared query keeps its SQL text and D1
 * statement and binds only the values. workerd hands an isolate the same binding object on every request.
 */
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

type Prepare<T> = (d: DrizzleD1Database) => T;

const byDatabase = new WeakMap<D1Database, Map<Prepare<unknown>, unknown>>();

/** What `prepare` makes on `db`, made on its first use there: `prepare` is a module-level function, its identity the key. */
export function preparedOn<T>(db: D1Database, prepare: Prepare<T>): T {
  let made = byDatabase.get(db);
  if (!made) byDatabase.set(db, (made = new Map()));
  if (!made.has(prepare)) made.set(prepare, prepare(drizzle(db)));
  return made.get(prepare) as T;
}
