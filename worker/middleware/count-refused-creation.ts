/** @module The creation window's count of refused creations (POST /queries, POST /checks). */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { accountGate } from "../lib/gate";
import { rateLimited, recordWindow } from "./rate-limit";
import { renderError } from "./render-error";

/**
 * A creation request refused before it reached the AccountGate (bad body, bad subject, unknown
 * source query) still counts in the creation window; over the limit, the answer becomes the 429.
 */
export const countRefusedCreation = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.get("creationAdmitted") || !c.get("principal")) return;
  const admission = await accountGate(c.env, c.get("principal").accountId).admit("create");
  recordWindow(c, admission.window);
  if (!admission.ok) c.res = renderError(c, rateLimited(admission.retryAfterSeconds));
});
