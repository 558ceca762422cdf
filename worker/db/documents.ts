/** @module Document rows as the pipeline writes and reads them (metadata: the bytes and page texts are in R2). */
import { asc, desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Write } from "./batch";
import { inJsonList } from "./json-list";
import { documents, type DocumentRecord } from "./schema/shard";

/**
 * Writes the document row whole, replacing what a redelivered step wrote before (ids are derived
 * from registration, kind and ordinal, so the same file always has the same row).
 */
export function upsertDocument(db: D1Database, row: DocumentRecord): Write {
  const { id: _sameId, ...columns } = row;
  // Every column is given (a whole record), so the update leaves nothing of the earlier row behind.
  return drizzle(db).insert(documents).values(row).onConflictDoUpdate({ target: documents.id, set: columns });
}

/** Documents of many registrations in one read, by registration: certificate first, then attachments in order. */
export async function documentsOf(db: D1Database, registrationIds: readonly string[]): Promise<Map<string, DocumentRecord[]>> {
  const byRegistration = new Map<string, DocumentRecord[]>();
  if (registrationIds.length === 0) return byRegistration;
  const rows = await drizzle(db)
    .select()
    .from(documents)
    .where(inJsonList(documents.registrationId, registrationIds))
    .orderBy(asc(documents.registrationId), desc(documents.kind), asc(documents.ordinal))
    .all();
  for (const doc of rows) byRegistration.set(doc.registrationId, [...(byRegistration.get(doc.registrationId) ?? []), doc]);
  return byRegistration;
}
