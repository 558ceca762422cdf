/**
 * @module Chooses the upstream adapter the pipeline steps call, from UPSTREAM (sandbox by default,
 * http for a registry gateway; worker/config.ts). The wiring sits here, above both: the sandbox
 * reads the operator's fixtures through the D1/R2 store (worker/db/fixtures.ts), and worker/upstream
 * itself never imports the data layer.
 */
import { readConfig } from "../worker/config";
import { D1FixtureStore } from "../worker/db/fixtures";
import { CONNECTOR_BINDING, connectorFetch, HttpUpstream } from "../worker/upstream/http";
import { SandboxUpstream } from "../worker/upstream/sandbox/adapter";
import type { UpstreamAdapter } from "../worker/upstream/types";

export function createUpstream(env: Env): UpstreamAdapter {
  const { upstream } = readConfig(env);
  if (upstream.kind === "http") {
    // A deployment with the connector's container (wrangler.toml environments) reaches it through the binding.
    const viaContainer = connectorFetch(Reflect.get(env, CONNECTOR_BINDING));
    return new HttpUpstream({
      url: upstream.url,
      token: upstream.token,
      listTimeoutMs: upstream.listTimeoutMs,
      fileTimeoutMs: upstream.fileTimeoutMs,
      ...(viaContainer ? { fetch: viaContainer } : {}),
    });
  }
  return new SandboxUpstream({ fixtures: new D1FixtureStore(env), slowCallMs: upstream.slowCallMs });
}
