/**
 * @module The listed registration: one registration as the registry's list shows it, before its
 * certificate is read. This is the one description of that shape. The upstream adapters' type
 * (worker/upstream/types.ts), the gateway contract's wire shape (worker/upstream/http/contract.ts, which
 * also lets a connector send null for an absent field), the sandbox fixtures
 * (worker/upstream/sandbox/fixtures.ts), the management API's fixture body (admin.ts, which narrows what
 * an operator may state) and the rows the pipeline writes (worker/db/registrations.ts) all take it from
 * here. The registry connector (services/registry-connector, plain Node) is held to it by a test that
 * parses its listings with the contract's schema (test/node/registry-connector.replica.test.ts).
 */
import { z } from "@hono/zod-openapi";

export const ListedRegistrationSchema = z.object({
  certificateNumber: z.string().min(1).max(64).openapi({ example: "16405277000006493448" }),
  // The descriptions sit on the inner schemas so that the gateway contract's nullish variants keep them.
  registerType: z.string().openapi({ description: "initial | change | extension | cancellation | objection", example: "initial" }).optional(),
  registerTime: z.string().openapi({ description: "ISO 8601 with offset", example: "2022-05-29T11:41:05+08:00" }).optional(),
  expiresAt: z.string().openapi({ description: "yyyy-MM-dd", example: "2023-05-29" }).optional(),
  summary: z.record(z.string(), z.unknown()).openapi({ description: "The registry's own digest of the registration, kept as given" }).optional(),
});

export type ListedRegistration = z.infer<typeof ListedRegistrationSchema>;

/** Its fields, in order. */
export const LISTED_REGISTRATION_FIELDS = ListedRegistrationSchema.keyof().options;
