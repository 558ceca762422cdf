import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { D1FixtureStore, deleteFixtureSubject, putFixtureSubject } from "../worker/db/fixtures";

describe("the sandbox's fixture store (one per pipeline step)", () => {
  it("reads a subject's fixture once and keeps it for the step; the next store reads it again", async () => {
    const subject = "夹具缓存测试有限公司";
    await putFixtureSubject(env.DB, subject, { mode: "normal", registrations: [] }, Date.now());
    const store = new D1FixtureStore(env);
    expect((await store.getSubject(subject))?.mode).toBe("normal");
    expect(await store.getSubject("没有夹具的公司")).toBeNull();

    await deleteFixtureSubject(env.DB, subject);
    // The same step's later calls (attachment list, each attachment) answer from what it read.
    expect((await store.getSubject(subject))?.mode).toBe("normal");
    // A later step sees the change.
    expect(await new D1FixtureStore(env).getSubject(subject)).toBeNull();
  });
});
