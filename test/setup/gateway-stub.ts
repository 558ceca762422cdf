/**
 * Global setup (runs in Node) of the gateway test project: starts the registry gateway stub on a free
 * port with a fresh token, and hands both to the project's workerd bindings (UPSTREAM_URL, UPSTREAM_TOKEN)
 * through provide/inject.
 */
import type { TestProject } from "vitest/node";
import { startGatewayStub } from "../../gateway-stub/server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    gatewayUrl: string;
    gatewayToken: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const token = `gw_${crypto.randomUUID()}`;
  const stub = await startGatewayStub({ token, slowMs: 40 });
  project.provide("gatewayUrl", stub.url);
  project.provide("gatewayToken", token);
  return () => stub.close();
}
