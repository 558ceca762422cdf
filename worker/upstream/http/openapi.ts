/**
 * @module The gateway contract as an OpenAPI 3.1 document, generated from the same zod shapes the
 * adapter validates with (contract.ts). docs/upstream-gateway.openapi.json is this document, written by
 * `node gateway-stub/server.mjs --print-openapi`; a test keeps the two equal.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { gatewayRoutes } from "./contract";

export function gatewayOpenApiDocument(): Record<string, unknown> {
  const api = new OpenAPIHono();
  api.openAPIRegistry.registerComponent("securitySchemes", "GatewayToken", {
    type: "http",
    scheme: "bearer",
    description: "The deployment's UPSTREAM_TOKEN secret",
  });
  for (const route of Object.values(gatewayRoutes)) api.openAPIRegistry.registerPath(route);
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Registry gateway (connector) wire contract",
      version: "1.0.0",
      description: "What the service's http upstream adapter expects of a registry connector. Prose: docs/upstream-gateway.md.",
    },
    servers: [
      { url: "{UPSTREAM_URL}", variables: { UPSTREAM_URL: { default: "http://127.0.0.1:8790", description: "The deployment's UPSTREAM_URL" } } },
    ],
    security: [{ GatewayToken: [] }],
  }) as unknown as Record<string, unknown>;
}
