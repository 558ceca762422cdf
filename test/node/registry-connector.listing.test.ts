/**
 * Never a false empty list (issue 38, item 4): the subject's kind decides debttype (one table,
 * mappings.mjs DEBT_TYPES), every kind a subject may be is asked and the lists merged; an answer whose
 * shape is not one we know (two XML files, an error in another form, a capped list) is an error with
 * its evidence in the log, never an empty list.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startReplica } from "../../services/registry-connector/replica/server.mjs";
import { DirectRig } from "./registry-direct.helpers";

let rig: DirectRig;
beforeAll(async () => {
  rig = new DirectRig(await startReplica({ slowMs: 40 }));
}, 60_000);
afterEach(() => rig.reset());
afterAll(() => rig.replica.close());

/** An identity number of the right shape (GB 11643 check digit): the registry files it as a person. */
const PERSON = "11010519491231002X";

describe("a registry that files each subject under one kind", () => {
  it("finds an individual business by its name (filed under another debttype than 1000)", async () => {
    await rig.behave({ debtTypes: "by-kind" });
    const c = await rig.connector();
    const name = rig.subject("", "五金店");
    const calls = await rig.callsDuring(async () => {
      const answer = await rig.listing(c, name);
      expect(answer.status).toBe(200);
      expect(answer.body.registrations?.length).toBeGreaterThan(0);
      // Its certificate is asked under the debttype that found it.
      const certificate = await rig.file(c, name, `${answer.body.registrations![0]!.certificateNumber}/certificate`);
      expect([200, 404]).toContain(certificate.status);
      if (certificate.status === 200) expect(new TextDecoder().decode(new Uint8Array(await certificate.arrayBuffer()).subarray(0, 5))).toBe("%PDF-");
    });
    expect(calls.filter((call) => call.operation === "queryBySubject").map((call) => call.debttype)).toEqual(["1000", "3000"]);
    expect(calls.filter((call) => call.operation === "queryDownLoadFileByNum").map((call) => call.debttype)).toEqual(["3000"]);
  });

  it("finds a person by an identity number", async () => {
    await rig.behave({ debtTypes: "by-kind" });
    const c = await rig.connector();
    rig.subjects.add(PERSON);
    const answer = await rig.listing(c, PERSON);
    expect(answer.status).toBe(200);
    expect(answer.body.registrations?.length).toBeGreaterThan(0);
  });

  it("an organisation's list is the same merged as asked under its own kind alone", async () => {
    await rig.behave({ debtTypes: "by-kind" });
    // Without 公司 in it, the name is asked under both kinds; the registry files it as an organisation.
    const name = rig.subject("", "研究所");
    const merged = await rig.listing(await rig.connector(), name);
    const organisationsOnly = {
      organisation: { debtType: "1000", confirm: "false" },
      "individual-business": { debtType: "", confirm: "false" },
      person: { debtType: "2000", confirm: "false" },
    };
    const alone = await rig.listing(await rig.connector({ query: organisationsOnly }), name);
    expect(merged.status).toBe(200);
    expect(merged.body.registrations).toEqual(alone.body.registrations);
  });

  it("a debttype the registry does not know is an error, not an empty list", async () => {
    await rig.behave({ debtTypes: "by-kind", codes: { organisation: "1000", person: "4000", "individual-business": "3000" } });
    const c = await rig.connector();
    rig.subjects.add(PERSON);
    const answer = await rig.listing(c, PERSON);
    expect(answer.status).toBe(503);
    expect(answer.body.registrations).toBeUndefined();
  });
});

describe("answers of a shape we do not know", () => {
  const cases = [
    { listing: "two-xml", status: 503, evidence: "2 entries (.xml, .xml)" },
    { listing: "unknown-error", status: 503, evidence: "<feedback> holds <errmsg>" },
    { listing: "capped", status: 422, evidence: "cut short: totalrows" },
  ];
  for (const { listing, status, evidence } of cases) {
    it(`${listing}: ${status}, with the evidence in the log`, async () => {
      await rig.behave({ listing, listingCap: 1 });
      const c = await rig.connector();
      const from = rig.logs.length;
      // A subject with more registrations than the cap (the sandbox lists several for most names).
      const answer = await rig.listing(c, "上海示例供应链管理有限公司");
      expect(answer.status).toBe(status);
      expect(answer.body.registrations).toBeUndefined();
      expect(rig.logsDuring(from).some((line) => line.includes(evidence))).toBe(true);
    });
  }

  it("an explicit empty list is still an empty list", async () => {
    const c = await rig.connector();
    const answer = await rig.listing(c, rig.subject("无登记"));
    expect(answer).toMatchObject({ status: 200, body: { registrations: [] } });
  });
});
