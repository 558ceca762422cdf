/**
 * @module createApp(): request id, error rendering, unknown paths, the open API under /api/open/v1
 * and the management API under /api/admin/v1, the console's JSON and its pages, the evidence viewer.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { allowedMethodsLookup } from "./lib/allowed-methods";
import { requireConfig } from "./middleware/config";
import { noSniff } from "./middleware/no-sniff";
import { handleError, renderError } from "./middleware/render-error";
import { requestId } from "./middleware/request-id";
import { requestLog } from "./middleware/request-log";
import { createOpenApi } from "./routes/open";
import { createAdminApi } from "./routes/admin";
import { createConsoleApi } from "./console/api";
import { createConsolePages } from "./console/pages";
import { createEvidenceViewer } from "./routes/viewer";

export function createApp(): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  app.use("*", noSniff);
  app.use("*", requestId);
  app.use("*", requestLog);
  app.use("*", requireConfig);
  app.route("/api/open/v1", createOpenApi());
  app.route("/api/admin/v1", createAdminApi());
  app.route("/api/console/v1", createConsoleApi());
  app.route("/viewer", createEvidenceViewer());
  app.route(
    "/",
    createConsolePages((request, env, ctx) => app.fetch(request, env, ctx)),
  );
  // Built on first use: every route is registered by then, and the table never changes after.
  let allowedMethods: ((path: string) => string[]) | undefined;
  app.notFound((c) => {
    allowedMethods ??= allowedMethodsLookup(app.routes);
    const allowed = allowedMethods(c.req.path);
    if (allowed.length === 0) return renderError(c, new ApiError("NOT_FOUND"));
    return renderError(c, new ApiError("METHOD_NOT_ALLOWED", { headers: { Allow: allowed.join(", ") } }));
  });
  app.onError(handleError);
  return app;
}
