/** @module Every response carries X-Request-Id, errors and unknown paths included. */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { newId } from "../lib/ids";

export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = newId("req");
  c.set("requestId", id);
  await next();
  c.header("X-Request-Id", id);
});
