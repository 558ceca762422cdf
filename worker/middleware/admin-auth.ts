/**
 * @module Management-API authentication: `Authorization: Bearer <ADMIN_TOKEN>`, compared in
 * constant time. With ADMIN_TOKEN unset or empty the whole management API does not exist (404).
 */
import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import type { AppEnv } from "../context";
import { ApiError } from "../errors";
import { secretsEqual } from "../lib/crypto";

export const adminAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = readConfig(c.env).adminToken;
  if (token === null) throw new ApiError("NOT_FOUND");
  const header = c.req.header("Authorization") ?? "";
  const match = /^Bearer (.+)$/.exec(header);
  if (!match?.[1] || !(await secretsEqual(match[1], token))) throw new ApiError("UNAUTHENTICATED");
  await next();
});
