/**
 * The direct-connect path end to end: the Worker (UPSTREAM=http, its http upstream adapter) → the
 * registry connector (services/registry-connector) → the replica of the registry's SOAP services, every
 * parameter SM2-encrypted on the way. The quickstart's subject succeeds with every registration listed
 * and every certificate parsed; the sandbox's failing subjects end as the contract says; a spent login
 * token mid-query is renewed without the query noticing.
 */
import { describe, expect, inject, it } from "vitest";
import { sha256Hex } from "../worker/lib/crypto";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { body, createQueries, newAccount, open, type TestAccount, waitForQuery } from "./helpers";

type Query = { id: string; status: string; sourceStatus: string; coverageComplete: boolean; registrationCount: number; failure?: { code: string } };

async function runQuery(account: TestAccount, subject: string): Promise<Query> {
  const res = await createQueries(account.key, [subject]);
  expect(res.status).toBe(202);
  const id = (await body<{ queries: Query[] }>(res)).queries[0]!.id;
  await waitForQuery(id, 45_000);
  return body<Query>(await open(`/queries/${id}`, account.key));
}

const uniqueSubject = (marker = "") => `直连${marker}测试${crypto.randomUUID().slice(0, 8)}有限公司`;

async function replicaFault(rule: { subject: string; route: string; fault: string; times: number }): Promise<void> {
  const res = await fetch(`${inject("replicaUrl")}/_replica/faults`, { method: "POST", body: JSON.stringify(rule) });
  expect(res.status).toBe(201);
}

describe.concurrent("the Worker through the registry connector and the registry's replica", () => {
  it("serves the quickstart's query: succeeded, every registration listed, every certificate parsed, byte for byte", async () => {
    const account = await newAccount();
    const subject = "上海示例供应链管理有限公司";
    const query = await runQuery(account, subject);
    const truth = sandboxRegistry.listing(subject);
    expect(query).toMatchObject({ status: "succeeded", sourceStatus: "available", coverageComplete: true, registrationCount: truth.length });
    const page = await body<{ items: { id: string; certificateNumber: string; registerType: string; parseStatus: string }[] }>(
      await open(`/queries/${query.id}/registrations?pageSize=100`, account.key),
    );
    expect(page.items.map((r) => [r.certificateNumber, r.registerType]).sort()).toEqual(
      truth.map((r) => [r.certificateNumber, r.registerType]).sort(),
    );
    expect(page.items.every((r) => r.parseStatus === "completed")).toBe(true);
    const first = page.items[0]!;
    const detail = await body<{ pdf: { sha256: string; size: number } }>(await open(`/queries/${query.id}/registrations/${first.id}`, account.key));
    const bytes = (await sandboxRegistry.certificatePdf(subject, first.certificateNumber))!;
    expect(detail.pdf).toMatchObject({ sha256: await sha256Hex(bytes), size: bytes.byteLength });
  });

  it("ends unavailable, quarantined and empty subjects as the contract says", async () => {
    const account = await newAccount();
    const [unavailable, quarantined, empty] = await Promise.all([
      runQuery(account, uniqueSubject("不可用")),
      runQuery(account, uniqueSubject("隔离")),
      runQuery(account, uniqueSubject("无登记")),
    ]);
    expect(unavailable).toMatchObject({ status: "failed", sourceStatus: "unavailable", failure: { code: "SOURCE_UNAVAILABLE" } });
    expect(quarantined).toMatchObject({ sourceStatus: "quarantined", failure: { code: "SOURCE_QUARANTINED" } });
    expect(empty).toMatchObject({ status: "no_result", coverageComplete: true, registrationCount: 0 });
  });

  it("renews a spent login token mid-query and a truncated list is never an empty result", async () => {
    const account = await newAccount();
    const renewed = uniqueSubject("规模2");
    await replicaFault({ subject: renewed, route: "queryDownLoadFileByNum", fault: "expired-token", times: 1 });
    const truncated = uniqueSubject("规模3");
    await replicaFault({ subject: truncated, route: "queryBySubject", fault: "truncate", times: 1 });
    const [ok, cut] = await Promise.all([runQuery(account, renewed), runQuery(account, truncated)]);
    expect(ok).toMatchObject({ status: "succeeded", coverageComplete: true, registrationCount: 2 });
    expect(cut).toMatchObject({ status: "failed", failure: { code: "SOURCE_UNAVAILABLE" } });
    expect(cut.registrationCount).toBe(0);
  });
});
