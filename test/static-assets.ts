/**
 * @module Requests as Cloudflare routes them with static assets (wrangler.toml [assets]): a path that
 * names a file in public/ is answered by the asset layer (through the real ASSETS binding here, with
 * static/_headers applied), any other path by the Worker. `exports.default.fetch` reaches the Worker
 * only, so tests of asset URLs go through `served`. The routing itself is exercised end to end by
 * test/node/viewer.browser.test.ts (wrangler dev).
 */
import { env } from "cloudflare:workers";
import { BASE, call } from "./helpers";

/** wrangler.toml's run_worker_first: paths the Worker answers even when an asset exists. */
const WORKER_FIRST = /^\/sandbox\//;

export async function served(path: string, init: RequestInit = {}): Promise<Response> {
  if (!WORKER_FIRST.test(path)) {
    const asset = await env.ASSETS.fetch(new Request(`${BASE}${path}`, init));
    if (asset.status !== 404) return asset;
    await asset.body?.cancel();
  }
  return call(path, init);
}
