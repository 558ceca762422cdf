/** @module POST /me/totp: start enrolling a second factor; the secret counts once PUT /me/totp confirms a code. */
import { createRoute } from "@hono/zod-openapi";
import { totpUri } from "../auth/totp";
import { startTotpEnrolment } from "../auth/second-factor";
import { TotpEnrolmentSchema } from "../../schemas/console";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/me/totp",
  responses: {
    200: { description: "The secret for an authenticator app", content: { "application/json": { schema: TotpEnrolmentSchema } } },
    ...errorResponses("CSRF_TOKEN_INVALID", "SERVICE_UNAVAILABLE"),
  },
});

export function registerTotpEnrol(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const user = c.get("consoleUser");
    const secret = await startTotpEnrolment(c.env, user.id, Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ secret, uri: totpUri(secret, user.email) }, 200);
  });
}
