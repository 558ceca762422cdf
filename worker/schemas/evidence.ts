/**
 * @module Evidence shapes (open-api-v1.md: Evidence, Evidence locations), and the stored evidence
 * body derived from the public one. Where each field comes from: the matcher's draft
 * (domain/check-matching.ts, EvidenceDraft: every field of a hit, its versions included), the check
 * step (certificateNumber, matchedAt: queues/check/results.ts), the row (id) and the serializer (url).
 */
import { z } from "@hono/zod-openapi";
import { SOURCE_FIELDS, TERM_KINDS } from "./check-vocabulary";
import { int64, requiredPositiveIntString, timestamp } from "./common";

export const RangeSchema = z.object({ start: int64(), end: int64() });

export const EvidenceSchema = z
  .object({
    id: z.string(),
    certificateNumber: z.string(),
    criterionId: z.string(),
    fileName: z.string(),
    snippet: z.string().openapi({ description: "The hit with up to 30 characters of context each side, as in the page text" }),
    start: int64().openapi({ description: "UTF-16 offset in the page text, from 0" }),
    end: int64().openapi({ description: "UTF-16 offset, exclusive" }),
    highlightRanges: z.array(RangeSchema).openapi({ description: "Offsets within snippet, end exclusive" }),
    indexVersion: z.string(),
    matchedAt: timestamp(),
    sourceField: z.enum(SOURCE_FIELDS).openapi({
      description:
        "Where the hit lies. property_description: inside the certificate's property description as its reader placed it; certificate_text: anywhere else on the certificate (another field, text the reader could not place, or any of it when the fields did not parse; every page is searched whatever the reader made of it); attachment_text: an attachment's text layer; ocr_text: text read by OCR; ocr_text_low_confidence: OCR text from a line read with low confidence",
    }),
    termKind: z.enum(TERM_KINDS),
    termValue: z.string().openapi({ description: "The text as written on the page (a number, a whole written range, or the keyword)" }),
    documentId: z.string().optional(),
    documentVersionId: z.string().optional(),
    mimeType: z.string().optional(),
    pageNumber: int64().optional(),
    pageRanges: z.array(RangeSchema).optional().openapi({ description: "Character ranges in the full page text" }),
    ruleVersion: z.string().optional(),
    url: z.string().optional(),
  })
  .openapi("PublicEvidence");

export const EvidenceLocationsQuery = z.object({
  documentId: z.string().min(1).max(100).openapi({ description: "documentId of a listed evidence entry", example: "doc_5e6f7a8b9c0d1e2f" }),
  pageNumber: requiredPositiveIntString("pageNumber", 999_999).openapi({ description: "pageNumber of that evidence entry, from 1", example: 1 }),
});

export const EvidenceLocationsSchema = z
  .object({
    coordinateSystem: z.enum(["normalized_top_left"]),
    documentId: z.string(),
    fileName: z.string(),
    height: z.number().nullable(),
    width: z.number().nullable(),
    locations: z.array(
      z.object({
        evidenceId: z.string(),
        precision: z.enum(["word", "region", "page", "unavailable"]).openapi({
          description: "word: quads around the hit's characters (text layer); region: within the OCR line that holds it; page: the page only",
        }),
        quads: z.array(z.array(z.number())).openapi({
          description:
            "One quad per line the hit covers: [x1, y1, x2, y2, x3, y3, x4, y4] (top-left, top-right, bottom-right, bottom-left), each 0..1 of the page's width or height from its top-left corner",
          example: [[0.1, 0.2, 0.25, 0.2, 0.25, 0.215, 0.1, 0.215]],
        }),
        reason: z.enum(["TEXT_ONLY_MODE", "PAGE_NOT_PARSED", "OCR_LINE"]).nullable().openapi({
          description:
            "Why the precision is below word: OCR_LINE (text read by OCR, placed within its line), TEXT_ONLY_MODE (offsets in the page text only), PAGE_NOT_PARSED",
        }),
      }),
    ),
    mimeType: z.string(),
    pageCount: int64(),
    pageNumber: int64(),
    rotation: int64(),
    sha256: z.string(),
    url: z.string(),
  })
  .openapi("EvidenceLocations");

/**
 * Evidence as the check pipeline stores it (db/evidence.ts, the `body` column): the public shape
 * without what is derived on the way out, the row's own `id` and the document's download `url`.
 */
export const StoredEvidenceSchema = EvidenceSchema.omit({ id: true, url: true });

export type Evidence = z.output<typeof EvidenceSchema>;
export type StoredEvidenceBody = z.output<typeof StoredEvidenceSchema>;
/** One evidence entry as read: the row's id and its parsed body. */
export type StoredEvidence = Omit<Evidence, "url">;
export type EvidenceLocations = z.output<typeof EvidenceLocationsSchema>;
export type EvidenceLocation = EvidenceLocations["locations"][number];
