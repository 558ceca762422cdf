/**
 * @module PUT /accounts/{id}/shard: the operator's move of an account's data to another shard
 * (docs/capacity.md section 3). Not in management-api.md: an extension of it, documented in the
 * README and in this API's OpenAPI routes. The move itself is queue work (queues/move.ts); this route
 * only starts it.
 */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses } from "../../responses";
import { startMove } from "../../../../queues/move";
import { readConfig } from "../../../config";
import { validationError } from "../../../errors";
import { toAccountShard } from "../../../serializers/admin";
import type { RouteGroup } from "../../router";
import { accountMoving } from "../../../services/account-moving";
import { AccountParams, AccountShardSchema, MoveAccountBody } from "../../../schemas/admin";
import { requireShardEntry } from "../../../services/lookups";
import { json } from "../../responses";

const route = createRoute({
  method: "put",
  path: "/accounts/{id}/shard",
  request: { params: AccountParams, body: { ...json(MoveAccountBody), required: true } },
  responses: {
    200: { description: "Already on that shard: nothing to move", ...json(AccountShardSchema) },
    202: { description: "The move has started: the account is 'moving' until its rows are on the target", ...json(AccountShardSchema) },
    ...errorResponses("NOT_FOUND", "VALIDATION_FAILED", "SERVICE_UNAVAILABLE"),
  },
});

export function registerMoveAccount(admin: RouteGroup): void {
  admin.openapi(route, async (c) => {
    const { id } = c.req.valid("param");
    const { shard } = c.req.valid("json");
    if (shard >= readConfig(c.env).shards) {
      throw validationError([{ path: "shard", code: "OUT_OF_RANGE", message: "Must name one of the configured shards (0 to SHARDS - 1)." }]);
    }
    const entry = await requireShardEntry(c.env.DB, id);
    // One move at a time: the one under way finishes (or is undone) first.
    if (entry.state === "moving") throw accountMoving();
    if (entry.index === shard) return c.json(toAccountShard(entry), 200);
    // Another move started in between.
    if (!(await startMove(c.env, id, shard))) throw accountMoving();
    return c.json(toAccountShard({ index: entry.index, state: "moving" }), 202);
  });
}
