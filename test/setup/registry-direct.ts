/**
 * Global setup (runs in Node) of the direct-connect test project: starts the replica of the registry's
 * services and the registry connector pointed at it (its address and generated public key), and hands
 * the connector's address and token to the project's workerd bindings (UPSTREAM_URL, UPSTREAM_TOKEN),
 * the replica's address to the tests (fault rules), through provide/inject.
 */
import type { TestProject } from "vitest/node";
import { startConnector } from "../../services/registry-connector/connector.mjs";
import { startReplica } from "../../services/registry-connector/replica/server.mjs";
import { DEFAULT_REGISTRY_TIMEOUT_MS } from "../../services/registry-connector/time-budget.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    connectorUrl: string;
    connectorToken: string;
    replicaUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const token = `con_${crypto.randomUUID()}`;
  const replica = await startReplica({ slowMs: 40 });
  const connector = await startConnector(
    {
      baseUrl: replica.servicesUrl,
      publicKey: replica.publicKey,
      account: replica.account,
      token,
      sessions: 4,
      // The connector's default (time-budget.mjs), against the Worker's default timeouts: the budget as deployed.
      timeoutMs: DEFAULT_REGISTRY_TIMEOUT_MS,
      port: 0,
      host: "127.0.0.1",
    },
    { write: () => {} },
  );
  project.provide("connectorUrl", connector.url);
  project.provide("connectorToken", token);
  project.provide("replicaUrl", replica.url);
  return async () => {
    await connector.close();
    await replica.close();
  };
}
