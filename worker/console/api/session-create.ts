/** @module POST /session: sign in (console-api.md, Session); the cookie is set, the CSRF token returned. */
import { createRoute } from "@hono/zod-openapi";
import { setCookie } from "hono/cookie";
import { SESSION_MAX_MS } from "../policy/sessions-and-roles";
import { csrfTokenOf } from "../auth/session-token";
import { SESSION_COOKIE } from "../auth/console-session";
import { SessionBody, SessionSchema } from "../../schemas/console";
import { toSessionUser } from "../../serializers/console";
import { signIn } from "../auth/console-sign-in";
import { errorResponses } from "../../routes/responses";
import type { RouteGroup } from "../../routes/router";

const route = createRoute({
  method: "post",
  path: "/session",
  request: { body: { required: true, content: { "application/json": { schema: SessionBody } } } },
  responses: {
    200: { description: "Signed in; the session cookie is set", content: { "application/json": { schema: SessionSchema } } },
    ...errorResponses("VALIDATION_FAILED", "INVALID_CREDENTIALS", "TOTP_REQUIRED", "SERVICE_UNAVAILABLE"),
  },
});

export function registerSessionCreate(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { user, token } = await signIn(c, c.req.valid("json"));
    setCookie(c, SESSION_COOKIE, token, {
      prefix: "host",
      path: "/",
      secure: true,
      httpOnly: true,
      sameSite: "Strict",
      maxAge: SESSION_MAX_MS / 1000,
    });
    c.header("Cache-Control", "no-store");
    return c.json({ user: toSessionUser(user), csrfToken: await csrfTokenOf(token) }, 200);
  });
}
