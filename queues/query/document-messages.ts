/** @module The document messages of a listed query: one per registration not processed yet (duplicates are harmless: the step is idempotent). */
import { unprocessedIds } from "../../worker/db/registrations";
import type { DocumentMessage } from "../messages";

export async function documentMessages(env: Env, queryId: string): Promise<DocumentMessage[]> {
  const ids = await unprocessedIds(env.DB, queryId);
  return ids.map((registrationId) => ({ type: "document", queryId, registrationId }));
}
