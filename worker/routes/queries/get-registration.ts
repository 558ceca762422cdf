/** @module GET /queries/{id}/registrations/{registrationId}: one registration with its parsed certificate. */
import { createRoute } from "@hono/zod-openapi";
import { errorResponses, json } from "../responses";
import type { RouteGroup } from "../router";
import { accountDb } from "../../context";
import { findOwnRegistration, loadRegistrationDetail } from "../../db/registration-detail";
import { ApiError } from "../../errors";
import { toPublicRegistration } from "../../serializers/registration";
import { RegistrationParams, RegistrationSchema } from "../../schemas/registration";

const route = createRoute({
  method: "get",
  path: "/queries/{id}/registrations/{registrationId}",
  operationId: "getRegistration",
  tags: ["Queries"],
  summary: "Read one registration with its parsed certificate",
  request: { params: RegistrationParams },
  responses: { 200: { description: "The registration", ...json(RegistrationSchema) }, ...errorResponses("NOT_FOUND", "VALIDATION_FAILED") },
});

export function registerGetRegistration(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const { id, registrationId } = c.req.valid("param");
    const row = await findOwnRegistration(accountDb(c), c.get("principal").accountId, id, registrationId);
    if (!row) throw new ApiError("NOT_FOUND");
    return c.json(toPublicRegistration(await loadRegistrationDetail(accountDb(c), row)), 200);
  });
}
