/**
 * @module GET /creators?ids=… (all roles): who started each of the account's queries and checks
 * (their query.created / check.created events), for the lists that name the creator.
 */
import { createRoute } from "@hono/zod-openapi";
import { accountDb } from "../../context";
import { creatorsOf } from "../db/audit-lookups";
import { errorResponses, json } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";
import { CreatorsQuery, CreatorsSchema } from "../../schemas/console-checks";

const route = createRoute({
  method: "get",
  path: "/creators",
  request: { query: CreatorsQuery },
  responses: {
    200: { description: "The creator of each task that has one on record", ...json(CreatorsSchema) },
    ...errorResponses("VALIDATION_FAILED"),
  },
});

export function registerTaskCreators(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { accountId } = c.get("principal");
    const ids = c.req.valid("query").ids.split(",");
    // The account's own events only: another account's id finds nothing, as if it did not exist.
    const found = await creatorsOf(accountDb(c), accountId, ["query.created", "check.created"], ids);
    return c.json({ items: [...found].map(([id, createdBy]) => ({ id, createdBy })) }, 200);
  });
}
