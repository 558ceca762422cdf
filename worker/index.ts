import { Hono } from "hono";
import { DurableObject } from "cloudflare:workers";

export class AccountGate extends DurableObject<Env> {
  async ping(): Promise<string> { return "pong"; }
}
export class UpstreamPool extends DurableObject<Env> {}

const app = new Hono<{ Bindings: Env }>();
app.get("/health", (c) => c.json({ ok: true }));

export default {
  fetch: app.fetch,
  async queue(batch: MessageBatch<unknown>) { batch.ackAll(); },
  async scheduled() {},
} satisfies ExportedHandler<Env>;
