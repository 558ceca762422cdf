/**
 * @module Every request first reads the deployment's configuration (parsed once per env object,
 * worker/config.ts), so a malformed or missing variable fails every request the same way, naming
 * the variable in the log, instead of only the routes that happen to read it.
 */
import { createMiddleware } from "hono/factory";
import { readConfig } from "../config";
import type { AppEnv } from "../context";

export const requireConfig = createMiddleware<AppEnv>(async (c, next) => {
  readConfig(c.env);
  await next();
});
