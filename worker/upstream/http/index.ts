/** @module The http upstream: public surface, and its options read (and checked) from the deployment's env. */
import type { HttpUpstreamOptions } from "./adapter";

export { HttpUpstream, type HttpUpstreamOptions, DEFAULT_FILE_TIMEOUT_MS, DEFAULT_LIST_TIMEOUT_MS } from "./adapter";
export { gatewayRoutes, GATEWAY_HEADERS, GATEWAY_ERROR_CODES, GATEWAY_ERROR_STATUS } from "./contract";

/** Throws a message that names the missing setting: a misconfigured deployment must say what to set. */
export function httpOptionsFromEnv(env: Pick<Env, "UPSTREAM_URL" | "UPSTREAM_TOKEN">): HttpUpstreamOptions {
  const url = env.UPSTREAM_URL?.trim() ?? "";
  if (!url) throw new Error("UPSTREAM=http needs UPSTREAM_URL, the registry gateway's base URL (see docs/upstream-gateway.md)");
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`UPSTREAM_URL "${url}" is not an http(s) URL`);
  if (!env.UPSTREAM_TOKEN) throw new Error("UPSTREAM=http needs the UPSTREAM_TOKEN secret: `wrangler secret put UPSTREAM_TOKEN`");
  return { url, token: env.UPSTREAM_TOKEN };
}
