/**
 * @module Gathering one slice of a check: its criteria (shared D1), the next registrations of the
 * source query and their documents (the account's shard); then, a few registrations ahead of the matcher (./read-ahead.ts: so a
 * slice's texts are not all in memory at once), the page texts those documents have in R2.
 */
import { loadSlice } from "../../worker/db/checks";
import { documentsOf } from "../../worker/db/documents";
import type { RegistrationToMatch } from "../../worker/db/registrations";
import type { CriterionRecord } from "../../worker/db/schema";
import type { DocumentRecord } from "../../worker/db/schema/shard";
import type { SearchableDocument } from "../../worker/domain/check-matching";
import { parsePageReadings, parseStoredPages, unpackPage } from "../../worker/domain/page-reading";
import type { TextBox } from "../../worker/domain/text/page";

export interface GatheredSlice {
  criteria: CriterionRecord[];
  registrations: Array<{ registration: RegistrationToMatch; documents: DocumentRecord[] }>;
}

export async function gatherSlice(
  env: Env,
  shard: D1Database,
  checkId: string,
  queryId: string,
  size: number,
  offset: number,
): Promise<GatheredSlice> {
  const slice = await loadSlice(env.DB, shard, checkId, queryId, size, offset);
  const docs = await documentsOf(
    shard,
    slice.registrations.map((r) => r.id),
  );
  return {
    criteria: slice.criteria,
    registrations: slice.registrations.map((registration) => ({ registration, documents: docs.get(registration.id) ?? [] })),
  };
}

/** Page texts of the documents that have them (R2), the others as they are. */
export async function searchable(env: Env, docs: readonly DocumentRecord[]): Promise<SearchableDocument[]> {
  return Promise.all(
    docs.map(async (d) => {
      let pages: string[] | null = null;
      let boxes: TextBox[][] | null = null;
      if (d.textKey) {
        const object = await env.FILES.get(d.textKey);
        const stored = object ? parseStoredPages(await object.json()) : null;
        pages = stored?.texts ?? null;
        // Where each page's text stands: furniture is told by its place (worker/domain/text/furniture.ts).
        const packed = stored?.boxes;
        if (pages && packed) boxes = pages.map((_, i) => unpackPage(packed, i + 1));
      }
      return {
        id: d.id,
        kind: d.kind,
        fileName: d.fileName,
        mimeType: d.mimeType,
        sha256: d.sha256,
        textStatus: pages || !d.textKey ? d.textStatus : "unreadable",
        pages,
        boxes,
        readings: parsePageReadings(d.pages),
      };
    }),
  );
}
