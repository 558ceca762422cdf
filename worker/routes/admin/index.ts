/** @module The management API (/api/admin/v1): bearer ADMIN_TOKEN; 404 everywhere when it is unset. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { adminAuth } from "../../middleware/admin-auth";
import { openApiRouter, routeGroup } from "../router";
import { registerCreateAccount } from "./accounts/create";
import { registerGetAccount } from "./accounts/get";
import { registerUpdateAccount } from "./accounts/update";
import { registerDeleteFixtureSubject } from "./fixtures/delete-subject";
import { registerPutFixtureAttachment } from "./fixtures/put-attachment";
import { registerPutFixtureCertificate } from "./fixtures/put-certificate";
import { registerPutFixtureSubject } from "./fixtures/put-subject";
import { registerCreateGrant } from "./grants/create";
import { registerCreateKey } from "./keys/create";
import { registerListKeys } from "./keys/list";
import { registerRevokeKey } from "./keys/revoke";
import { registerListPlans } from "./plans/list";
import { registerPutReview } from "./reviews/put";
import { registerGetAccountShard } from "./shards/get";
import { registerMoveAccount } from "./shards/move";
import { registerCreateSubscription } from "./subscriptions/create";
import { registerGetStatus } from "./operations/status";
import { registerRedriveTask } from "./tasks/redrive";

export function createAdminApi(): OpenAPIHono<AppEnv> {
  const admin = openApiRouter();
  // Every path needs the token, known or not; without ADMIN_TOKEN every path is 404.
  admin.use("*", adminAuth);
  // A route that declares a JSON body gets it read by jsonBody (the group sees to it).
  const routes = routeGroup(admin);
  registerCreateAccount(routes);
  registerGetAccount(routes);
  registerUpdateAccount(routes);
  registerListPlans(routes);
  registerCreateSubscription(routes);
  registerCreateGrant(routes);
  registerCreateKey(routes);
  registerListKeys(routes);
  registerRevokeKey(routes);
  registerPutFixtureSubject(routes);
  registerDeleteFixtureSubject(routes);
  registerPutFixtureCertificate(routes);
  registerPutFixtureAttachment(routes);
  registerPutReview(routes);
  registerGetAccountShard(routes);
  registerMoveAccount(routes);
  registerGetStatus(routes);
  registerRedriveTask(routes);
  return admin;
}
