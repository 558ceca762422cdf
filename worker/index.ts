/** @module The Worker entry: the HTTP app, the queue consumers, the scheduled sweep, the Durable Objects. */
import { env as startupEnv } from "cloudflare:workers";
import { createApp } from "./app";
import { checkShardBindings, readConfig } from "./config";
import { handleQueue } from "../queues/consumer";
import { sweep } from "../queues/sweep";

export { AccountGate } from "../durable-objects/account-gate";
export { UpstreamPool } from "../durable-objects/upstream-pool";
export { SignInGuard } from "../durable-objects/sign-in-guard";
export { OcrContainer } from "../durable-objects/ocr-container";
export { RegistryConnectorContainer } from "../durable-objects/registry-connector-container";

// Checked at start-up: a deployment with a malformed or missing variable, or a SHARDS naming a shard
// D1 binding it does not have, does not start, and the error names it (`wrangler dev` and `wrangler
// deploy` print it). Requests and queue messages read the same parsed configuration.
checkShardBindings(startupEnv, readConfig(startupEnv).shards);

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(sweep(env).then(() => undefined));
  },
} satisfies ExportedHandler<Env>;
