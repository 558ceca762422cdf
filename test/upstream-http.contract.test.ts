import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import committed from "../docs/upstream-gateway.openapi.json";
import { gatewayOpenApiDocument } from "../worker/upstream/http/openapi";

describe("the gateway wire contract", () => {
  it("is documented by the OpenAPI file generated from the adapter's own shapes", () => {
    // On a difference: node gateway-stub/server.mjs --print-openapi > docs/upstream-gateway.openapi.json
    expect(JSON.parse(JSON.stringify(gatewayOpenApiDocument()))).toEqual(committed);
  });

  it("is the contract the stub serves", async () => {
    const served = await fetch(`${env.UPSTREAM_URL}/v1/openapi.json`);
    expect(await served.json()).toEqual(committed);
  });
});
