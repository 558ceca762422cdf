/** @module The Worker entry: the HTTP app, the queue consumers, the scheduled sweep, the Durable Objects. */
import { createApp } from "./app";

export { AccountGate } from "../durable-objects/account-gate";
export { UpstreamPool } from "../durable-objects/upstream-pool";

const app = createApp();

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>) {
    batch.ackAll();
  },
  async scheduled() {},
} satisfies ExportedHandler<Env>;
