/**
 * @module Evidence rows: where a criterion was found in a registration's documents. The JSON body is
 * described by one zod schema (StoredEvidenceSchema): the check pipeline writes it through
 * `evidenceRows`/`insertEvidence`, and every read parses it back, so the serializer
 * (serializers/evidence.ts) gets typed evidence, never untyped JSON.
 */
import { z } from "zod";
import { and, asc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import type { EvidenceDraft } from "../domain/check-matching";
import { INDEX_VERSION, RULE_VERSION } from "../domain/check-matching";
import { toIso } from "../lib/time";
import { SOURCE_FIELDS, TERM_KINDS } from "../schemas/check-vocabulary";
import { inJsonList } from "./json-list";
import { D1_MAX_PARAMETERS } from "./limits";
import { evidence, type NewEvidenceRecord } from "./schema/shard";

const RangeRecord = z.object({ start: z.number().int(), end: z.number().int() });

/**
 * The body column. Rows written before this schema also hold `id` and `url`: both are derived (the
 * row's id, the document's download path) and dropped on read. The document fields are optional because
 * the public shape allows evidence without a document; the pipeline always writes them.
 */
export const StoredEvidenceSchema = z.object({
  certificateNumber: z.string(),
  criterionId: z.string(),
  fileName: z.string(),
  snippet: z.string(),
  /** UTF-16 offsets in the page text, end exclusive. */
  start: z.number().int(),
  end: z.number().int(),
  /** Offsets within the snippet. */
  highlightRanges: z.array(RangeRecord),
  indexVersion: z.string(),
  /** ISO 8601 with the +08:00 offset, as the API shows it. */
  matchedAt: z.string(),
  sourceField: z.enum(SOURCE_FIELDS),
  termKind: z.enum(TERM_KINDS),
  termValue: z.string(),
  documentId: z.string().optional(),
  documentVersionId: z.string().optional(),
  mimeType: z.string().optional(),
  pageNumber: z.number().int().optional(),
  /** Character ranges in the full page text (a hit wrapped over a line break has two). */
  pageRanges: z.array(RangeRecord).optional(),
  ruleVersion: z.string().optional(),
});
export type StoredEvidenceBody = z.infer<typeof StoredEvidenceSchema>;

/** One evidence entry as read: the row's id and its parsed body. */
export interface StoredEvidence extends StoredEvidenceBody {
  id: string;
}

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

/** The rows to insert for a check's evidence, each body checked against the schema before it is written. */
export function evidenceRows(checkId: string, found: readonly RegistrationEvidence[], now: number): NewEvidenceRecord[] {
  const matchedAt = toIso(now);
  return found.flatMap(({ registrationId, certificateNumber, drafts }) =>
    drafts.map((e, ordinal) => {
      const body: StoredEvidenceBody = StoredEvidenceSchema.parse({
        certificateNumber,
        criterionId: e.criterionId,
        fileName: e.fileName,
        snippet: e.snippet,
        start: e.start,
        end: e.end,
        highlightRanges: e.highlightRanges,
        indexVersion: INDEX_VERSION,
        matchedAt,
        sourceField: e.sourceField,
        termKind: e.termKind,
        termValue: e.termValue,
        documentId: e.documentId,
        documentVersionId: e.documentVersionId,
        mimeType: e.mimeType,
        pageNumber: e.pageNumber,
        pageRanges: e.pageRanges,
        ruleVersion: RULE_VERSION,
      });
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
