/** @module Check results: the list, one result, navigation among results, and evidence locations. */
import { createRoute, z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import type { ResultRow } from "../../db/checks";
import { documentsOf, type DocumentRow, type RegistrationRow } from "../../db/registrations";
import { loadPublicRegistration } from "../../db/registration-detail";
import { findResult, resultCounts, resultQuery } from "../../db/results";
import { pagedRows } from "../../db/paging";
import { ApiError, validationError } from "../../errors";
import { toIso } from "../../lib/time";
import { documentUrl, toRegistrationSummary } from "../../serializers/registration";
import { errorResponses } from "../responses";
import { pagination } from "../shared";
import { boxesKey, parsePageReadings, unpackPage, type PackedBoxes, type PageReading } from "../../domain/page-reading";
import { rangeQuads, type Quad } from "../../domain/evidence-quads";
import type { TextBox } from "../../domain/text/page";
import { requireCheck } from "./read";
import {
  CheckResultSchema, EvidenceLocationsQuery, EvidenceLocationsSchema, NavigationQuery, NavigationSchema, ResultListQuery, ResultPageSchema, ResultParams, CheckParams,
} from "./schema";

const json = <T extends z.ZodTypeAny>(schema: T) => ({ content: { "application/json": { schema } } });

async function requireResult(c: { env: Env }, accountId: string, checkId: string, registrationId: string): Promise<ResultRow> {
  await requireCheck(c.env.DB, accountId, checkId);
  const result = await findResult(c.env.DB, checkId, registrationId);
  if (!result) throw new ApiError("NOT_FOUND");
  return result;
}

interface LocatedEvidence {
  pageNumber?: number;
  start: number;
  end: number;
  pageRanges?: Array<{ start: number; end: number }>;
}

interface PageLayout {
  text: string;
  boxes: readonly TextBox[];
}

/** One page's text and the boxes of its runs (or OCR lines), kept beside the page texts; no boxes when none were kept. */
async function pageLayout(bucket: R2Bucket, doc: DocumentRow, pageNumber: number): Promise<PageLayout> {
  const none = { text: "", boxes: [] };
  if (!doc.text_key) return none;
  const [texts, boxes] = await Promise.all([bucket.get(doc.text_key), bucket.get(boxesKey(doc.query_id, doc.id))]);
  if (!texts || !boxes) {
    await Promise.all([texts?.body.cancel(), boxes?.body.cancel()]);
    return none;
  }
  const [pageTexts, packed] = (await Promise.all([texts.json(), boxes.json()])) as [string[], PackedBoxes];
  return { text: pageTexts[pageNumber - 1] ?? "", boxes: unpackPage(packed, pageNumber) };
}

/**
 * word: quads on the hit's characters in a text layer; region: within the OCR line that holds it (OCR
 * places lines, not characters); page: nothing better is known (text without boxes, a page not read).
 */
function locate(e: LocatedEvidence, page: PageReading | undefined, layout: PageLayout) {
  if (!page) return { precision: "page" as const, quads: [] as Quad[], reason: "PAGE_NOT_PARSED" as const };
  const ranges = e.pageRanges?.length ? e.pageRanges : [{ start: e.start, end: e.end }];
  const quads = ranges.flatMap((r) => rangeQuads(layout.text, layout.boxes, r.start, r.end, page));
  if (quads.length === 0) return { precision: "page" as const, quads, reason: "TEXT_ONLY_MODE" as const };
  return page.source === "ocr" ? { precision: "region" as const, quads, reason: "OCR_LINE" as const } : { precision: "word" as const, quads, reason: null };
}

const optional = <K extends string, V>(key: K, value: V | null | undefined) => (value === null || value === undefined ? {} : ({ [key]: value } as Record<K, V>));

export function registerCheckResults(api: RouteGroup): void {
  api.openapi(
    createRoute({
      method: "get", path: "/checks/{id}/results", operationId: "listCheckResults", tags: ["Checks"], summary: "List a check's results",
      description: "Filters: resultStatus, matchStatus, strength (each repeatable or comma-separated), criterionId. Order: sort=registration|strength|hits. counts ignore the filters.",
      request: { params: CheckParams, query: ResultListQuery },
      responses: { 200: { description: "Page of results", ...json(ResultPageSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const check = await requireCheck(c.env.DB, c.get("principal").accountId, c.req.valid("param").id);
      const q = c.req.valid("query");
      const { page, pageSize, offset } = pagination(q);
      const { where, order, params } = resultQuery(q);
      const { rows: results, total } = await pagedRows<ResultRow>(c.env.DB, { from: `check_results WHERE ${where}`, params: [check.id, ...params], order, pageSize, offset });
      const regIds = results.map((r) => r.registration_id);
      const [regs, docs, tallies] = await Promise.all([
        c.env.DB.prepare("SELECT * FROM registrations WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(regIds)).all<RegistrationRow>(),
        documentsOf(c.env.DB, regIds),
        resultCounts(c.env.DB, check.id),
      ]);
      const byId = new Map(regs.results.map((r) => [r.id, r]));
      return c.json({
        counts: tallies.counts,
        items: results.map((r) => ({
          registration: toRegistrationSummary(byId.get(r.registration_id)!, docs.get(r.registration_id) ?? []),
          matchStatus: r.match_status,
          matchedCriterionIds: JSON.parse(r.matched_criterion_ids) as string[],
          resultStatus: r.result_status,
          ...optional("strength", r.strength),
          ...optional("coverageReason", r.coverage_reason),
          ...optional("pendingReason", r.pending_reason),
          ...optional("reviewNote", r.review_note),
        })),
        page, pageSize, total, reviewableCount: tallies.reviewable,
      }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/checks/{id}/results/{registrationId}", operationId: "getCheckResult", tags: ["Checks"], summary: "Read one result with its evidence",
      request: { params: ResultParams },
      responses: { 200: { description: "The result", ...json(CheckResultSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      const result = await requireResult(c, c.get("principal").accountId, id, registrationId);
      const [reg, evidence] = await Promise.all([
        c.env.DB.prepare("SELECT * FROM registrations WHERE id = ?").bind(registrationId).first<RegistrationRow>(),
        c.env.DB.prepare("SELECT body FROM evidence WHERE check_id = ? AND registration_id = ? ORDER BY ordinal").bind(id, registrationId).all<{ body: string }>(),
      ]);
      if (!reg) throw new ApiError("NOT_FOUND");
      const registration = await loadPublicRegistration(c.env.DB, reg,
        result.decided_at ? { status: "completed", at: result.decided_at } : { status: result.match_status === "pending" ? "failed" : "completed" });
      const matched = result.match_status === "matched";
      return c.json({
        registration,
        matchStatus: result.match_status,
        resultStatus: result.result_status,
        check: matched ? {
          evidence: evidence.results.map((e) => JSON.parse(e.body)),
          matchedCriterionIds: JSON.parse(result.matched_criterion_ids) as string[],
          strength: result.strength ?? "keyword_only",
          version: result.version,
          ...(result.system_decision ? { systemDecision: JSON.parse(result.system_decision) } : {}),
          ...(result.review_decision ? { manualReview: { decision: result.review_decision, note: result.review_note ?? "", reviewedAt: toIso(result.reviewed_at!) } } : {}),
        } : null,
        coverageIssues: JSON.parse(result.coverage_issues),
        ...optional("coverageReason", result.coverage_reason),
        ...optional("pendingReason", result.pending_reason),
      } as never, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/checks/{id}/results/{registrationId}/navigation", operationId: "getCheckResultNavigation", tags: ["Checks"], summary: "Position, previous and next under the list's filters and order",
      request: { params: ResultParams, query: NavigationQuery },
      responses: { 200: { description: "Navigation", ...json(NavigationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      await requireResult(c, c.get("principal").accountId, id, registrationId);
      const { where, order, params } = resultQuery(c.req.valid("query"));
      const [count, row] = await c.env.DB.batch<unknown>([
        c.env.DB.prepare(`SELECT COUNT(*) AS n FROM check_results WHERE ${where}`).bind(id, ...params),
        c.env.DB.prepare(
          `SELECT position, prev, next FROM (SELECT registration_id, ROW_NUMBER() OVER (ORDER BY ${order}) AS position,
             LAG(registration_id) OVER (ORDER BY ${order}) AS prev, LEAD(registration_id) OVER (ORDER BY ${order}) AS next
           FROM check_results WHERE ${where}) WHERE registration_id = ?${params.length + 2}`,
        ).bind(id, ...params, registrationId),
      ]);
      const hit = (row!.results as Array<{ position: number; prev: string | null; next: string | null }>)[0];
      return c.json({
        total: (count!.results[0] as { n: number }).n,
        position: hit?.position ?? null,
        previousRegistrationId: hit?.prev ?? null,
        nextRegistrationId: hit?.next ?? null,
      }, 200);
    },
  );

  api.openapi(
    createRoute({
      method: "get", path: "/checks/{id}/results/{registrationId}/evidence-locations", operationId: "getEvidenceLocations", tags: ["Checks"], summary: "Where the evidence lies on one page (word, OCR-line region, or page precision)",
      request: { params: ResultParams, query: EvidenceLocationsQuery },
      responses: { 200: { description: "Locations", ...json(EvidenceLocationsSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
    }),
    async (c) => {
      const { id, registrationId } = c.req.valid("param");
      await requireResult(c, c.get("principal").accountId, id, registrationId);
      const { documentId, pageNumber: pageText } = c.req.valid("query");
      const pageNumber = Number(pageText);
      const doc = await c.env.DB.prepare("SELECT * FROM documents WHERE id = ? AND registration_id = ?").bind(documentId, registrationId).first<DocumentRow>();
      if (!doc) throw new ApiError("NOT_FOUND");
      const pageCount = doc.page_count ?? 0;
      if (pageCount > 0 && pageNumber > pageCount)
        throw validationError([{ path: "pageNumber", code: "OUT_OF_RANGE", message: "The document has fewer pages." }]);
      const page = parsePageReadings(doc.pages)[pageNumber - 1];
      const [evidence, layout] = await Promise.all([
        c.env.DB.prepare("SELECT id, body FROM evidence WHERE check_id = ? AND registration_id = ? AND document_id = ? ORDER BY ordinal")
          .bind(id, registrationId, documentId).all<{ id: string; body: string }>(),
        pageLayout(c.env.FILES, doc, pageNumber),
      ]);
      const onPage = evidence.results
        .map((e) => ({ id: e.id, body: JSON.parse(e.body) as LocatedEvidence }))
        .filter((e) => e.body.pageNumber === pageNumber);
      return c.json({
        coordinateSystem: "normalized_top_left" as const,
        documentId: doc.id,
        fileName: doc.file_name,
        height: page?.height ?? null,
        width: page?.width ?? null,
        locations: onPage.map((e) => ({ evidenceId: e.id, ...locate(e.body, page, layout) })),
        mimeType: doc.mime_type,
        pageCount,
        pageNumber,
        rotation: page?.rotation ?? 0,
        sha256: doc.sha256,
        url: documentUrl(doc.id),
      }, 200);
    },
  );
}
