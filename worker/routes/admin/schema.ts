/** @module Management-API shapes (management-api.md). */
import { z } from "@hono/zod-openapi";
import { int64, timestamp } from "../shared";

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

export const CreateAccountBody = z.strictObject({ name: z.string().trim().min(1).max(100) });
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

export const CreateSubscriptionBody = z.strictObject({
  planId: z.string().min(1).max(100),
  cycle: z.enum(["monthly", "annual"]),
  startsAt: isoWithOffset().optional(),
  endsAt: isoWithOffset().optional(),
});

export const CreateGrantBody = z.strictObject({
  kind: z.enum(["query", "check"]),
  amount: z.number().int().min(1).max(10_000_000),
  source: z.enum(["addon", "gift"]),
  startsAt: isoWithOffset().optional(),
  expiresAt: isoWithOffset().optional(),
});
export const GrantSchema = z.object({
  id: z.string(),
  kind: z.enum(["query", "check"]),
  amount: int64(),
  source: z.enum(["addon", "gift"]),
  startsAt: timestamp(),
  expiresAt: timestamp(),
});

export const CreateKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
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
export const CreatedKeySchema = KeyListItemSchema.omit({ expired: true }).extend({ key: z.string() });

/** A subject's fixture as stored: its normalised name and how many registrations it lists. */
export const StoredSubjectSchema = z.object({ subjectName: z.string(), registrationCount: z.number() });
/** A fixture file as stored. */
export const StoredFileSchema = z.object({ sha256: z.string(), size: z.number().int() });

/** Where an account's registrations, documents and results live (docs/capacity.md section 3); an extension of management-api.md. */
export const AccountShardSchema = z.object({ shard: z.number().int().min(0), state: z.enum(["active", "moving"]) }).openapi("AdminAccountShard");

export const MoveAccountBody = z.strictObject({ shard: z.number().int().min(0) });
