/** @module The management API (/api/admin/v1): bearer ADMIN_TOKEN; 404 everywhere when it is unset. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { adminAuth } from "../../middleware/admin-auth";
import { openApiRouter, routeGroup } from "../router";
import { registerAccountRoutes } from "./accounts";
import { registerKeyRoutes } from "./keys";
import { registerFixtureRoutes } from "./fixtures";
import { registerReviewRoutes } from "./reviews";
import { registerShardRoutes } from "./shards";
import { registerGetStatus } from "./operations/status";
import { registerRedriveTask } from "./tasks/redrive";

export function createAdminApi(): OpenAPIHono<AppEnv> {
  const admin = openApiRouter();
  // Every path needs the token, known or not; without ADMIN_TOKEN every path is 404.
  admin.use("*", adminAuth);
  // A route that declares a JSON body gets it read by jsonBody (the group sees to it).
  const routes = routeGroup(admin);
  registerAccountRoutes(routes);
  registerKeyRoutes(routes);
  registerFixtureRoutes(routes);
  registerReviewRoutes(routes);
  registerShardRoutes(routes);
  registerGetStatus(routes);
  registerRedriveTask(routes);
  return admin;
}
