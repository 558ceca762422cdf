/** @module The document messages of a listed query: one per registration not processed yet (duplicates are harmless: the step is idempotent). */
import { unprocessedIds } from "../../worker/db/registrations";
import type { DocumentMessage } from "../messages";

export async function documentMessages(shard: D1Database, query: { id: string; accountId: string }): Promise<DocumentMessage[]> {
  const ids = await unprocessedIds(shard, query.id);
  return ids.map((registrationId) => ({ type: "document", accountId: query.accountId, queryId: query.id, registrationId }));
}
