/**
 * @module The scans' bytes in workerd (the Worker, its tests): the static assets hold them (public/
 * sandbox/scans, built by scripts/build-static-assets.mjs), read through the ASSETS binding, so the
 * Worker bundle carries none of them. Chosen by the "workerd" condition of package.json's
 * #sandbox-scan-bytes; elsewhere read-embedded.ts answers.
 */
import { env } from "cloudflare:workers";

/** Any origin does: the binding looks at the path only. */
const ASSET_ORIGIN = "https://assets.invalid";

export async function readScanBytes(file: string): Promise<Uint8Array> {
  const res = await env.ASSETS.fetch(`${ASSET_ORIGIN}/sandbox/scans/${encodeURIComponent(file)}`);
  if (!res.ok) throw new Error(`sandbox scan ${file}: not in the static assets (${res.status}); node scripts/build-static-assets.mjs builds them`);
  return new Uint8Array(await res.arrayBuffer());
}
