/** @module POST /accounts/{id}/keys (management-api.md): a new API key, at most 3 valid per account; plaintext returned once, only its hash stored. */
import { createRoute, type z } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { hasCurrentSubscription, insertKeyWithinLimit } from "../../../db/keys";
import { DEFAULT_KEY_VALIDITY_MS, MAX_VALID_KEYS, displayPrefix, generateApiKey } from "../../../domain/api-keys";
import { ApiError, validationError } from "../../../errors";
import { sha256Hex } from "../../../lib/crypto";
import { newId } from "../../../lib/ids";
import { parseIsoWithOffset } from "../../../lib/time";
import { toCreatedKey } from "../../../serializers/admin";
import { requireAccount } from "../../../services/lookups";
import type { RouteGroup } from "../../router";
import { AccountParams, CreateKeyBody, CreatedKeySchema } from "../../../schemas/admin";
import { json } from "../../responses";

const route = createRoute({
  method: "post",
  path: "/accounts/{id}/keys",
  request: { params: AccountParams, body: { ...json(CreateKeyBody), required: false } },
  responses: {
    201: { description: "The key; `key` is shown only here", ...json(CreatedKeySchema) },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "SUBSCRIPTION_REQUIRED", "KEY_LIMIT_REACHED"),
  },
});

export function registerCreateKey(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const account = await requireAccount(c.env.DB, c.req.valid("param").id);
    const body = (c.req.valid("json") as z.infer<typeof CreateKeyBody> | undefined) ?? {};
    const now = Date.now();
    const expiresAt = body.expiresAt ? parseIsoWithOffset(body.expiresAt)! : now + DEFAULT_KEY_VALIDITY_MS;
    if (expiresAt <= now) throw validationError([{ path: "expiresAt", code: "OUT_OF_RANGE", message: "Must be in the future." }]);
    if (!(await hasCurrentSubscription(c.env.DB, account.id, now))) throw new ApiError("SUBSCRIPTION_REQUIRED");
    const key = generateApiKey();
    const row = {
      id: newId("key"),
      accountId: account.id,
      name: body.name ?? null,
      keyHash: await sha256Hex(key),
      prefix: displayPrefix(key),
      createdAt: now,
      expiresAt,
    };
    if (!(await insertKeyWithinLimit(c.env.DB, row, MAX_VALID_KEYS))) throw new ApiError("KEY_LIMIT_REACHED");
    return c.json(toCreatedKey(row, key), 201);
  });
}
