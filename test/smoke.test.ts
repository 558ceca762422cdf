import { env, exports } from "cloudflare:workers";
import { expect, it } from "vitest";

it("serves health", async () => {
  const res = await exports.default.fetch("http://x/health");
  expect(await res.json()).toEqual({ ok: true });
  const stub = env.ACCOUNT_GATE.get(env.ACCOUNT_GATE.idFromName("a"));
  expect(await stub.ping()).toBe("pong");
});
