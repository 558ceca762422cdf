/** @module GET /plans (management-api.md). */
import { createRoute } from "@hono/zod-openapi";
import { json } from "../../responses";
import { listPlans } from "../../../db/accounts";
import { toPlan } from "../../../serializers/admin";
import { toItems } from "../../../serializers/page";
import type { RouteGroup } from "../../router";
import { PlanListSchema } from "../../../schemas/admin";

const route = createRoute({ method: "get", path: "/plans", responses: { 200: { description: "Plans", ...json(PlanListSchema) } } });

export function registerListPlans(admin: RouteGroup): void {
  admin.openapi(route, async (c) => c.json(toItems((await listPlans(c.env.DB)).map(toPlan)), 200));
}
