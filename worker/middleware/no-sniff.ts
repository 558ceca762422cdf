/**
 * @module `X-Content-Type-Options: nosniff` on every answer (Fetch standard §3.5): a JSON body or a
 * downloaded document is never taken for a script or a page because of what its bytes look like.
 * Set after the handler, on whatever it answered (errors and downloads included).
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";

export const noSniff = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  try {
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  } catch {
    // A response passed on as fetched (an asset, an R2 object's stream) has immutable headers: copy it.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set("X-Content-Type-Options", "nosniff");
  }
});
