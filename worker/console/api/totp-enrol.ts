/**
 * @module POST /me/totp: start enrolling a second factor; the secret counts once PUT /me/totp confirms a
 * code. Always with step-up (the current password, or a current code of a factor already enrolled): a
 * stolen session must not enrol its own factor, which would then lock the user out of their sign-in.
 */
import { createRoute } from "@hono/zod-openapi";
import { totpUri } from "../auth/totp";
import { startTotpEnrolment } from "../auth/second-factor";
import { StepUpBody, TotpEnrolmentSchema } from "../../schemas/console";
import { requireStepUp } from "../auth/step-up";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/me/totp",
  request: { body: { required: false, content: { "application/json": { schema: StepUpBody } } } },
  responses: {
    200: { description: "The secret for an authenticator app", content: { "application/json": { schema: TotpEnrolmentSchema } } },
    ...errorResponses("VALIDATION_FAILED", "UNAUTHENTICATED", "INVALID_CREDENTIALS", "CSRF_TOKEN_INVALID", "RATE_LIMITED", "SERVICE_UNAVAILABLE"),
  },
});

export function registerTotpEnrol(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const user = c.get("consoleUser");
    await requireStepUp(c, c.req.valid("json") ?? {});
    const secret = await startTotpEnrolment(c.env, user.id, Date.now());
    c.header("Cache-Control", "no-store");
    return c.json({ secret, uri: totpUri(secret, user.email) }, 200);
  });
}
