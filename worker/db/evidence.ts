/**
 * @module Evidence rows: where a criterion was found in a registration's documents. The JSON body is
 * described by one zod schema, derived from the public Evidence (schemas/evidence.ts,
 * StoredEvidenceSchema): the check pipeline writes it through `evidenceRows`/`replaceEvidence`, and
 * every read parses it back, so the serializer (serializers/evidence.ts) gets typed evidence, never
 * untyped JSON. Rows written before the schema also hold `id` and `url` in the body: both are
 * derived (the row's id, the document's download path) and dropped on read.
 */
import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import type { EvidenceDraft } from "../domain/check-matching";
import { toIso } from "../lib/time";
import { StoredEvidenceSchema, type StoredEvidence, type StoredEvidenceBody } from "../schemas/evidence";
import { inJsonList } from "./json-list";
import { D1_MAX_PARAMETERS } from "./limits";
import { evidence, type NewEvidenceRecord } from "./schema/shard";

export type { StoredEvidence };

/** What the pipeline found in one registration (its evidence, in the order to show). */
export interface RegistrationEvidence {
  registrationId: string;
  certificateNumber: string;
  drafts: readonly EvidenceDraft[];
}

/** Evidence ids are derived from check, registration and position, so a redelivered step rewrites the same rows. */
export function evidenceId(checkId: string, registrationId: string, ordinal: number): string {
  return `ev_${checkId.slice(4)}${registrationId.slice(4)}${String(ordinal).padStart(4, "0")}`;
}

/**
 * The rows to insert for a check's evidence, each body checked against the schema before it is written.
 * @param matchedAt when the check step matched these registrations (epoch ms): the evidence's matchedAt.
 */
export function evidenceRows(checkId: string, found: readonly RegistrationEvidence[], matchedAt: number): NewEvidenceRecord[] {
  const at = toIso(matchedAt);
  return found.flatMap(({ registrationId, certificateNumber, drafts }) =>
    drafts.map((e, ordinal) => {
      const body: StoredEvidenceBody = StoredEvidenceSchema.parse({ ...e, certificateNumber, matchedAt: at });
      return {
        id: evidenceId(checkId, registrationId, ordinal),
        checkId,
        registrationId,
        criterionId: e.criterionId,
        documentId: e.documentId,
        ordinal,
        body: JSON.stringify(body),
      };
    }),
  );
}

/** An evidence row binds 7 parameters. */
const ROWS_PER_INSERT = Math.floor(D1_MAX_PARAMETERS / 7);

/**
 * Statements that replace the evidence of these registrations with `rows`, for the caller's batch
 * (one transaction with the step's other writes). Replacing wholesale is what makes a redelivered step
 * safe: whatever an earlier delivery wrote for them goes first.
 */
export function replaceEvidence(
  db: D1Database,
  checkId: string,
  registrationIds: readonly string[],
  rows: readonly NewEvidenceRecord[],
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const d = drizzle(db);
  const inserts: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) inserts.push(d.insert(evidence).values(rows.slice(i, i + ROWS_PER_INSERT)));
  return [d.delete(evidence).where(and(eq(evidence.checkId, checkId), inJsonList(evidence.registrationId, registrationIds))), ...inserts];
}

function parseRow(row: { id: string; body: string }): StoredEvidence {
  return { id: row.id, ...StoredEvidenceSchema.parse(JSON.parse(row.body)) };
}

/** A result's evidence, in the order it was found. */
export async function evidenceOfResult(db: D1Database, checkId: string, registrationId: string): Promise<StoredEvidence[]> {
  const rows = await drizzle(db)
    .select({ id: evidence.id, body: evidence.body })
    .from(evidence)
    .where(and(eq(evidence.checkId, checkId), eq(evidence.registrationId, registrationId)))
    .orderBy(asc(evidence.ordinal))
    .all();
  return rows.map(parseRow);
}

/** A result's evidence in one document (any page), in the order it was found. */
export async function evidenceInDocument(db: D1Database, checkId: string, registrationId: string, documentId: string): Promise<StoredEvidence[]> {
  const rows = await drizzle(db)
    .select({ id: evidence.id, body: evidence.body })
    .from(evidence)
    .where(and(eq(evidence.checkId, checkId), eq(evidence.registrationId, registrationId), eq(evidence.documentId, documentId)))
    .orderBy(asc(evidence.ordinal))
    .all();
  return rows.map(parseRow);
}

/**
 * Every piece of evidence of a check, grouped by registration in the order it was found: the export
 * reads a whole check at once (one query on the evidence_order index, not one per result).
 */
export async function evidenceOfCheck(db: D1Database, checkId: string): Promise<Map<string, StoredEvidence[]>> {
  const rows = await drizzle(db)
    .select({ id: evidence.id, registrationId: evidence.registrationId, body: evidence.body })
    .from(evidence)
    .where(eq(evidence.checkId, checkId))
    .orderBy(asc(evidence.registrationId), asc(evidence.ordinal))
    .all();
  const byRegistration = new Map<string, StoredEvidence[]>();
  for (const row of rows) {
    const list = byRegistration.get(row.registrationId) ?? [];
    list.push(parseRow(row));
    byRegistration.set(row.registrationId, list);
  }
  return byRegistration;
}
