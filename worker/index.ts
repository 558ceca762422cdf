/** @module The Worker entry: the HTTP app, the queue consumers, the scheduled sweep, the Durable Objects. */
import { createApp } from "./app";
import { handleQueue } from "../queues/consumer";
import { sweep } from "../queues/sweep";

export { AccountGate } from "../durable-objects/account-gate";
export { UpstreamPool } from "../durable-objects/upstream-pool";

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: async (_controller, env, ctx) => {
    ctx.waitUntil(sweep(env).then(() => undefined));
  },
} satisfies ExportedHandler<Env>;
