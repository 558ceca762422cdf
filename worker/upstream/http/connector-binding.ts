/**
 * @module The registry connector reached through its container binding (REGISTRY_CONNECTOR, class
 * RegistryConnectorContainer) rather than over the internet: a fetch the transport uses in place of the
 * global one. Every call goes to the one instance that holds the registry sessions.
 */

/** The binding's name in wrangler.toml's environments. */
export const CONNECTOR_BINDING = "REGISTRY_CONNECTOR";
/** The one instance's name: sessions live in it. */
const INSTANCE = "registry-sessions";

function isNamespace(binding: unknown): binding is DurableObjectNamespace {
  return typeof binding === "object" && binding !== null && "idFromName" in binding && "get" in binding;
}

/** A fetch through the container binding, or undefined when the Worker has none (then UPSTREAM_URL is fetched). */
export function connectorFetch(binding: unknown): ((request: Request) => Promise<Response>) | undefined {
  if (!isNamespace(binding)) return undefined;
  return (request) => binding.get(binding.idFromName(INSTANCE)).fetch(request);
}
