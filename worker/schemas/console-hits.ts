/**
 * @module The account's memory of a receivable (console-api.md, GET /hits?value=): every check of the
 * account that looked for or hit an invoice number or keyword, newest first, with what it hit, each
 * hit's standing and conclusion.
 */
import { z } from "@hono/zod-openapi";
import { CHECK_STATUSES, MATCH_STATUSES, REVIEW_DECISIONS, STRENGTHS } from "./check-vocabulary";
import { StandingSchema } from "./check-result";
import { PaginationQuery, pageSchema, timestamp } from "./common";
import { ActorSchema } from "./console";

export const HitsQuery = z.object({
  value: z.string().trim().min(1).max(200).openapi({
    description: "An invoice number or keyword, folded as the matcher folds it (width, case, white space, traditional characters)",
    example: "11050292",
  }),
  ...PaginationQuery,
});

export const HitResultSchema = z
  .object({
    registrationId: z.string(),
    certificateNumber: z.string(),
    matchStatus: z.enum(MATCH_STATUSES),
    strength: z.enum(STRENGTHS).optional(),
    manualDecision: z.enum(REVIEW_DECISIONS).nullable().openapi({ description: "The reviewer's latest conclusion; null while none" }),
    standing: StandingSchema.optional(),
  })
  .openapi("ConsoleHitResult");

export const HitSchema = z
  .object({
    check: z.object({
      id: z.string(),
      applicant: z.string(),
      createdAt: timestamp(),
      status: z.enum(CHECK_STATUSES),
      createdBy: ActorSchema.nullable().openapi({ description: "Who started the check; null when not on record" }),
    }),
    looked: z.boolean().openapi({
      description: "true: the check looked for the value (one of its criteria folds to it); false: it only hit a registration whose text names it",
    }),
    results: z.array(HitResultSchema).openapi({
      description: "Its matched results that matched the value or whose registration's text names it (a range included), in certificate order",
    }),
  })
  .openapi("ConsoleHit");

export const HitPageSchema = pageSchema(HitSchema, "ConsoleHitPage");

export type Hit = z.output<typeof HitSchema>;
export type HitResult = z.output<typeof HitResultSchema>;
export type HitPage = z.output<typeof HitPageSchema>;
