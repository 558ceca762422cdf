/** @module Management-API shapes (management-api.md): accounts, plans, subscriptions, grants, keys, fixtures, reviews, shards. */
import { z } from "@hono/zod-openapi";
import { ALLOWANCE_KINDS, BILLING_CYCLES, GRANT_SOURCES, SHARD_STATES } from "./account-vocabulary";
import { REVIEW_DECISIONS } from "./check-vocabulary";
import { int64, timestamp } from "./common";
import { ListedRegistrationSchema } from "./listed-registration";
import { REGISTER_TYPES } from "./query-vocabulary";
import { lineText, noteText } from "./text";

const isoWithOffset = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/)
    .refine((v) => !Number.isNaN(Date.parse(v)), {
      message: "Must be an ISO 8601 timestamp with an offset.",
      params: { fieldCode: "INVALID_FORMAT" },
    });

export const AccountParams = z.object({ id: z.string().min(1).max(100) });
export const KeyParams = z.object({ id: z.string().min(1).max(100), keyId: z.string().min(1).max(100) });

export const CreateAccountBody = z.strictObject({ name: lineText(1, 100) });
export const PatchAccountBody = z.strictObject({ disabled: z.boolean() });
export const AccountSchema = z.object({ id: z.string(), name: z.string(), disabled: z.boolean() }).openapi("AdminAccount");

export const PlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  checkAllowance: int64(),
  queryAllowance: int64(),
  checkEnabled: z.boolean(),
  apiEnabled: z.boolean(),
});
export const PlanListSchema = z.object({ items: z.array(PlanSchema) });

export const CreateSubscriptionBody = z.strictObject({
  planId: z.string().min(1).max(100),
  cycle: z.enum(BILLING_CYCLES),
  startsAt: isoWithOffset().optional(),
  endsAt: isoWithOffset().optional(),
});

export const CreateGrantBody = z.strictObject({
  kind: z.enum(ALLOWANCE_KINDS),
  amount: z.number().int().min(1).max(10_000_000),
  source: z.enum(GRANT_SOURCES),
  startsAt: isoWithOffset().optional(),
  expiresAt: isoWithOffset().optional(),
});
export const GrantSchema = z.object({
  id: z.string(),
  kind: z.enum(ALLOWANCE_KINDS),
  amount: int64(),
  source: z.enum(GRANT_SOURCES),
  startsAt: timestamp(),
  expiresAt: timestamp(),
});

export const CreateKeyBody = z.strictObject({
  name: lineText(1, 100).optional(),
  expiresAt: isoWithOffset().optional(),
});
export const KeyListItemSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string(),
  createdAt: timestamp(),
  expiresAt: timestamp(),
  expired: z.boolean(),
});
export const KeyListSchema = z.object({ items: z.array(KeyListItemSchema) });
export const CreatedKeySchema = KeyListItemSchema.omit({ expired: true }).extend({ key: z.string() });

const CERTIFICATE_NUMBER = /^[0-9A-Za-z-]{1,40}$/;
export const FixtureSubjectParams = z.object({ subjectName: z.string().min(2).max(100) });
export const FixtureDocumentParams = z.object({ certificateNumber: z.string().regex(CERTIFICATE_NUMBER) });
export const FixtureAttachmentParams = FixtureDocumentParams.extend({
  fileName: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^/\\]+$/),
});
/** A sandbox subject's registrations as the operator states them (management-api.md, fixtures). */
export const FixtureSubjectBody = z.strictObject({
  registrations: z
    .array(
      // The listed registration (listed-registration.ts), narrowed to what an operator may state.
      z.strictObject({
        ...ListedRegistrationSchema.shape,
        certificateNumber: z.string().regex(CERTIFICATE_NUMBER),
        registerType: z.enum(REGISTER_TYPES).optional(),
        registerTime: z.string().max(40).optional(),
        expiresAt: z.string().max(40).optional(),
      }),
    )
    .max(5000),
  mode: z.enum(["normal", "unavailable", "quarantined"]).optional(),
});

/** A subject's fixture as stored: its normalised name and how many registrations it lists. */
export const StoredSubjectSchema = z.object({ subjectName: z.string(), registrationCount: z.number() });
/** A fixture file as stored. */
export const StoredFileSchema = z.object({ sha256: z.string(), size: z.number().int() });

/** Where an account's registrations, documents and results live (docs/capacity.md section 3); an extension of management-api.md. */
export const AccountShardSchema = z.object({ shard: z.number().int().min(0), state: z.enum(SHARD_STATES) }).openapi("AdminAccountShard");

export const MoveAccountBody = z.strictObject({ shard: z.number().int().min(0) });

export const ReviewParams = z.object({ checkId: z.string().min(1).max(100), registrationId: z.string().min(1).max(100) });
export const ReviewBody = z.strictObject({ decision: z.enum(REVIEW_DECISIONS), note: noteText(2000) });

export type AdminAccount = z.output<typeof AccountSchema>;
export type Plan = z.output<typeof PlanSchema>;
export type Grant = z.output<typeof GrantSchema>;
export type KeyListItem = z.output<typeof KeyListItemSchema>;
export type CreatedKey = z.output<typeof CreatedKeySchema>;
export type StoredSubject = z.output<typeof StoredSubjectSchema>;
export type StoredFile = z.output<typeof StoredFileSchema>;
export type AccountShard = z.output<typeof AccountShardSchema>;
