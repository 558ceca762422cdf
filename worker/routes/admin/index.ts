/** @module The management API (/api/admin/v1): bearer ADMIN_TOKEN; 404 everywhere when it is unset. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { adminAuth } from "../../middleware/admin-auth";
import { jsonBody } from "../../middleware/json-body";
import { openApiRouter } from "../open";
import { registerAccountRoutes } from "./accounts";
import { registerKeyRoutes } from "./keys";
import { registerFixtureRoutes } from "./fixtures";
import { registerReviewRoutes } from "./reviews";

export type AdminRouter = OpenAPIHono<AppEnv>;
export function createAdminApi(): AdminRouter {
  const admin = openApiRouter();
  admin.use("*", adminAuth);
  admin.use("*", async (c, next) =>
    ["POST", "PATCH"].includes(c.req.method) || (c.req.method === "PUT" && /\/(review|upstream\/subjects\/[^/]+)$/.test(c.req.path)) ? jsonBody(c, next) : next(),
  );
  registerAccountRoutes(admin);
  registerKeyRoutes(admin);
  registerFixtureRoutes(admin);
  registerReviewRoutes(admin);
  return admin;
}
