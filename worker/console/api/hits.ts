/**
 * @module GET /hits?value= (all roles): the account's own memory of a receivable (console-api.md):
 * every check of the account that looked for the invoice number or keyword (folded as the matcher
 * folds it) or hit a registration whose text names it (services/account-memory.ts), newest first, with
 * the results that concern it, each with its standing and the reviewer's conclusion. Another account's checks are never read: the
 * checks come from the account's own rows, the results from its own shard.
 */
import { createRoute } from "@hono/zod-openapi";
import { accountDb } from "../../context";
import { creatorsOf } from "../db/audit-lookups";
import { errorResponses, json } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { HitPageSchema, HitsQuery } from "../../schemas/console-hits";
import { toHit } from "../../serializers/hits";
import { toPage } from "../../serializers/page";
import { rememberedChecks } from "../../services/account-memory";
import { pagination } from "../../services/list-params";

const route = createRoute({
  method: "get",
  path: "/hits",
  request: { query: HitsQuery },
  responses: {
    200: { description: "The account's checks that looked for the value, newest first, with what each hit", ...json(HitPageSchema) },
    ...errorResponses("VALIDATION_FAILED"),
  },
});

export function registerHits(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const q = c.req.valid("query");
    const { page, pageSize, offset } = pagination(q);
    const { accountId } = c.get("principal");
    const shard = accountDb(c);
    const { items, total } = await rememberedChecks(c.env.DB, shard, accountId, q.value, { pageSize, offset });
    const creators = await creatorsOf(
      shard,
      accountId,
      ["check.created"],
      items.map((i) => i.check.id),
    );
    const hits = items.map((i) => toHit(i, creators.get(i.check.id)));
    return c.json(toPage(hits, { total, page, pageSize }), 200);
  });
}
