/**
 * @module RegistryConnectorContainer: the registry connector (services/registry-connector, its
 * Dockerfile) as a Cloudflare Container of this Worker, beside OCR. The http upstream adapter reaches it
 * through the REGISTRY_CONNECTOR binding (worker/upstream/http/connector-binding.ts) instead of a URL.
 * One instance holds every logged-in registry session (at most UPSTREAM_SLOTS), so wrangler.toml caps it
 * at one: a second instance would log in sessions of its own, beyond what the registry granted.
 *
 * The connector's settings are the Worker's secrets and vars (docs/registry-connector.md, "Configure"),
 * handed to the container's environment when it starts; a rotated secret reaches it at its next start.
 */
import { Container } from "@cloudflare/containers";

/** The port the image's service listens on (services/registry-connector/Dockerfile: CONNECTOR_PORT). */
export const CONNECTOR_CONTAINER_PORT = 8791;

/** Worker secrets and vars the connector reads, under the same names (settings.mjs). */
const PASSED_ON = [
  "REGISTRY_QUERY_URL",
  "REGISTRY_USER",
  "REGISTRY_PASSWORD",
  "REGISTRY_AUTH_CODE",
  "REGISTRY_PUBLIC_KEY",
  "REGISTRY_TIMEOUT_MS",
  // What the connector takes from the registry (docs/registry-connector.md, "Bounds and time budget"): its defaults unless set.
  "REGISTRY_MAX_ANSWER_BYTES",
  "REGISTRY_MAX_ZIP_ENTRIES",
  "REGISTRY_MAX_ENTRY_BYTES",
  "REGISTRY_MAX_INFLATED_BYTES",
] as const;

/** The container's environment from the Worker's: the connector's settings, its token and session count. */
export function connectorEnvironment(env: Env): Record<string, string> {
  const out: Record<string, string> = {
    CONNECTOR_HOST: "0.0.0.0",
    CONNECTOR_PORT: String(CONNECTOR_CONTAINER_PORT),
    // The Worker sends UPSTREAM_TOKEN as its bearer token; the connector checks it (no public address, but no exception either).
    CONNECTOR_TOKEN: env.UPSTREAM_TOKEN,
    CONNECTOR_SESSIONS: env.UPSTREAM_SLOTS,
  };
  for (const name of PASSED_ON) {
    const value: unknown = Reflect.get(env, name);
    if (typeof value === "string" && value !== "") out[name] = value;
  }
  return out;
}

export class RegistryConnectorContainer extends Container<Env> {
  override defaultPort = CONNECTOR_CONTAINER_PORT;
  /** Sessions are worth keeping: an idle hour costs less than logging in again for every query. */
  override sleepAfter = "1h";
  /** The registry is on the internet. */
  override enableInternet = true;
  override pingEndpoint = "localhost/healthz";

  constructor(...args: ConstructorParameters<typeof Container<Env>>) {
    super(...args);
    this.envVars = connectorEnvironment(args[1]);
  }
}
