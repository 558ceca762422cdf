/**
 * @module The console's shapes (console-api.md): users and roles, sessions, invitations, the second
 * factor, keys as the console lists them, the audit trail. The management API's user and audit
 * routes use the same shapes.
 */
import { z } from "@hono/zod-openapi";
import { AUDIT_KINDS, USER_ROLES, USER_STATUSES } from "./console-vocabulary";
import { CreateKeyBody, KeyListItemSchema } from "./admin";
import { MAX_PAGE, PaginationQuery, timestamp } from "./common";
import { EntitlementsSchema } from "./entitlements";
import { canonicalText, lineText, refuseHiddenCharacters } from "./text";

const email = () =>
  z
    .string()
    .overwrite((raw) => canonicalText(raw, "line").toLowerCase())
    .max(254)
    .superRefine(refuseHiddenCharacters("line"))
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "Must be an email address." });

export const SessionUserSchema = z
  .object({ id: z.string(), email: z.string(), name: z.string().optional(), role: z.enum(USER_ROLES) })
  .openapi("ConsoleSessionUser");

export const SessionBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(256),
  totp: z.string().max(10).optional(),
});
export const SessionSchema = z.object({ user: SessionUserSchema, csrfToken: z.string() }).openapi("ConsoleSession");

export const InviteParams = z.object({ token: z.string().max(100) });
export const InviteAcceptBody = z.strictObject({ password: z.string().max(256) });
export const InviteAcceptedSchema = z.object({ email: z.string() });

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().optional(),
    role: z.enum(USER_ROLES),
    status: z.enum(USER_STATUSES),
    totpEnabled: z.boolean(),
    emailProven: z.boolean().openapi({
      description:
        "Whether the user proved the address: they accepted an invitation emailed to it. False when the link went to the inviter (no mail service configured, or the operator's invitation)",
    }),
    createdAt: timestamp(),
  })
  .openapi("ConsoleUser");
export const UserListSchema = z.object({ items: z.array(UserSchema) });
export const InvitedUserSchema = UserSchema.extend({ inviteUrl: z.string(), inviteExpiresAt: timestamp() }).openapi("InvitedUser");
/** The console's invitation: the link only when it went to the inviter (worker/services/invitation-mail.ts). */
export const ConsoleInvitedUserSchema = UserSchema.extend({
  delivery: z
    .enum(["email", "link"])
    .openapi({ description: "email: the link was sent to the invited address; link: it is `inviteUrl`, for the inviter to pass on" }),
  inviteUrl: z.string().optional().openapi({ description: "Only when `delivery` is link" }),
  inviteExpiresAt: timestamp(),
}).openapi("ConsoleInvitedUser");
export const InviteUserBody = z.strictObject({ email: email(), name: lineText(1, 100).optional(), role: z.enum(USER_ROLES) });
export const UserParams = z.object({ userId: z.string().min(1).max(100) });
export const AdminUserParams = z.object({ id: z.string().min(1).max(100), userId: z.string().min(1).max(100) });
export const AdminPatchUserBody = z.strictObject({ status: z.enum(["active", "disabled"]), role: z.enum(USER_ROLES).optional() });
export const ConsolePatchUserBody = z
  .strictObject({ status: z.enum(["active", "disabled"]).optional(), role: z.enum(USER_ROLES).optional() })
  .refine((b) => b.status !== undefined || b.role !== undefined, { message: "Give a status or a role.", params: { fieldCode: "REQUIRED" } });

export const MeSchema = z
  .object({
    user: SessionUserSchema.extend({ totpEnabled: z.boolean() }),
    account: z.object({ id: z.string(), name: z.string(), requireTotp: z.boolean() }),
    entitlements: EntitlementsSchema,
  })
  .openapi("ConsoleMe");

export const ActorSchema = z.object({ type: z.enum(["user", "api_key", "operator"]), id: z.string(), label: z.string() }).openapi("AuditActor");

export const ConsoleKeyListItemSchema = KeyListItemSchema.extend({ createdBy: ActorSchema.optional() }).openapi("ConsoleKey");
export const ConsoleKeyListSchema = z.object({ items: z.array(ConsoleKeyListItemSchema) });
export const ConsoleKeyParams = z.object({ keyId: z.string().min(1).max(100) });

export const AuditEventSchema = z
  .object({
    id: z.string(),
    at: timestamp(),
    kind: z.enum(AUDIT_KINDS),
    actor: ActorSchema,
    requestId: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    target: z.object({ type: z.string(), id: z.string() }).optional(),
    detail: z.record(z.string(), z.unknown()).optional(),
  })
  .openapi("AuditEvent");

const isoInstant = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      message: "Must be a date or an ISO 8601 timestamp with an offset.",
    })
    .optional();

export const AuditQuery = z.object({
  kind: z.enum(AUDIT_KINDS).optional(),
  actor: z.string().max(100).optional(),
  from: isoInstant(),
  to: isoInstant(),
  ...PaginationQuery,
});
export const AuditPageSchema = z
  .object({
    items: z.array(AuditEventSchema),
    total: z.number().int().openapi({ format: "int64" }),
    page: z.number().int().max(MAX_PAGE),
    pageSize: z.number().int(),
  })
  .openapi("AuditPage");

export const TotpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
export const SecurityBody = z.strictObject({ requireTotp: z.boolean() });

export type SessionUser = z.output<typeof SessionUserSchema>;
export type ConsoleUser = z.output<typeof UserSchema>;
export type AuditEventBody = z.output<typeof AuditEventSchema>;
export type Actor = z.output<typeof ActorSchema>;

/** Step-up (worker/console/auth/step-up.ts): the current password or a current code of the enrolled second factor. */
export const StepUpBody = z.strictObject({
  currentPassword: z.string().min(1).max(256).optional().openapi({ description: "The user's current password" }),
  totp: z
    .string()
    .regex(/^\d{6}$/, { message: "Six digits." })
    .optional()
    .openapi({ description: "A current code of the user's second factor" }),
});
export const PasswordChangeBody = StepUpBody.extend({ newPassword: z.string().min(1).max(1024) });
/** Confirming a factor is a change of the user's security too: the new factor's code, and step-up. */
export const TotpConfirmBody = StepUpBody.extend({
  code: z
    .string()
    .regex(/^\d{6}$/, { message: "Six digits." })
    .openapi({ description: "A code of the new secret" }),
});
/** A key minted from a session: the open API's key rules (CreateKeyBody), and step-up. */
export const ConsoleCreateKeyBody = CreateKeyBody.extend(StepUpBody.shape);
