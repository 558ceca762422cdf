/**
 * One time budget at full size (docs/registry-connector.md, "Bounds and time budget"): a registry that
 * answers a subject's list in 45 s, every time it is asked (a large subject does not get faster on a
 * retry), behind the connector and the Worker with their default settings. The Worker used to give up
 * after a fixed 30 s while the connector waited 60 s: such a subject never had a result. Now the
 * Worker waits longer than the connector can take, and the query succeeds.
 * test/node/registry-connector.time-budget.test.ts runs the same case scaled down, and the refusals.
 */
import { expect, inject, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, createQueries, newAccount, open, waitForQuery } from "./helpers";

const REGISTRY_ANSWERS_AFTER_MS = 45_000;

it("a registry that answers in 45 s: the query succeeds with every registration", { timeout: 150_000 }, async () => {
  const account = await newAccount();
  const subject = `慢登记${crypto.randomUUID().slice(0, 8)}有限公司`;
  const rule = { subject, route: "queryBySubject", fault: `slow=${REGISTRY_ANSWERS_AFTER_MS}`, times: 20 };
  expect((await fetch(`${inject("replicaUrl")}/_replica/faults`, { method: "POST", body: JSON.stringify(rule) })).status).toBe(201);
  const started = Date.now();
  const res = await createQueries(account.key, [subject]);
  expect(res.status).toBe(202);
  const id = (await body<{ queries: { id: string }[] }>(res)).queries[0]!.id;
  await waitForQuery(id, 140_000);
  const query = await body<{ status: string; registrationCount: number; coverageComplete: boolean }>(await open(`/queries/${id}`, account.key));
  expect(query).toMatchObject({ status: "succeeded", coverageComplete: true, registrationCount: sandboxRegistry.listing(subject).length });
  expect(Date.now() - started).toBeGreaterThanOrEqual(REGISTRY_ANSWERS_AFTER_MS);
});
