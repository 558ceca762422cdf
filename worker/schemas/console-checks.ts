/**
 * @module Shapes only the console serves about queries and checks (console-api.md, What a signed-in
 * user does): who started each task, every review conclusion of a check with its reviewer, and the
 * export's parameters. The tasks themselves are the open API's shapes.
 */
import { z } from "@hono/zod-openapi";
import { REVIEW_DECISIONS } from "./check-vocabulary";
import { timestamp } from "./common";
import { ActorSchema } from "./console";

/** The console's two languages (the pages' LANGS), for what the JSON renders in words: the export. */
export const EXPORT_LANGS = ["zh-CN", "en"] as const;
export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;

/** An IANA zone the runtime knows (Intl), for the times of an export. */
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const CheckExportQuery = z.object({
  format: z.enum(EXPORT_FORMATS).openapi({
    description: "csv: for machines (codes, ISO 8601 times); xlsx: a workbook with a summary sheet and typed cells; pdf: for the credit file",
  }),
  lang: z
    .enum(EXPORT_LANGS)
    .optional()
    .openapi({ description: "The language of the headings and status words (xlsx, pdf); Simplified Chinese by default" }),
  tz: z.string().max(64).refine(isTimeZone, "an IANA time zone name").optional().openapi({
    description: "The reader's IANA time zone, for every time in the export; China's (Asia/Shanghai) by default",
    example: "Asia/Shanghai",
  }),
});

export const ReviewHistoryItemSchema = z
  .object({
    registrationId: z.string(),
    decision: z.enum(REVIEW_DECISIONS),
    note: z.string(),
    reviewer: ActorSchema,
    reviewedAt: timestamp(),
  })
  .openapi("ConsoleReviewHistoryItem");
export const ReviewHistorySchema = z.object({ items: z.array(ReviewHistoryItemSchema) }).openapi("ConsoleReviewHistory");

/** Up to a page of ids (the lists' largest page), comma-separated: queries (qry_…) and checks (chk_…). */
export const CreatorsQuery = z.object({
  ids: z
    .string()
    .max(100 * 40)
    .regex(/^(?:(?:qry|chk)_[A-Za-z0-9]+)(?:,(?:qry|chk)_[A-Za-z0-9]+){0,99}$/, { message: "Up to 100 query or check ids, comma-separated." }),
});
export const CreatorsSchema = z.object({ items: z.array(z.object({ id: z.string(), createdBy: ActorSchema })) }).openapi("ConsoleTaskCreators");

export type ReviewHistoryItem = z.output<typeof ReviewHistoryItemSchema>;
export type ExportLang = (typeof EXPORT_LANGS)[number];
