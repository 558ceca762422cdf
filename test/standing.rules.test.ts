/** The standing rule (worker/domain/standing.ts), on chains written by hand: each state, each basis, and the live order. */
import { describe, expect, it } from "vitest";
import { liveRank, standingOf, type ChainMember, type StandingInput } from "../worker/domain/standing";

const member = (n: number, over: Partial<ChainMember> = {}): ChainMember => ({
  registrationId: `reg_${n}`,
  certificateNumber: `4132854700000000000${n}`,
  registerType: n === 0 ? "initial" : "change",
  registerTime: `2024-0${n + 1}-01T10:00:00+08:00`,
  // Later registrations state no expiry of their own unless a test says so (an extension does).
  expiresAt: n === 0 ? "2025-01-10" : null,
  parseStatus: "completed",
  propertyDescription: "发票号码：11050292；发票号码：43632615",
  ...over,
});

/** 2026-11-27 12:00 in Beijing. */
const AS_OF = Date.parse("2026-11-27T12:00:00+08:00");
const describes = (text: string) => text.includes("11050292");

function standing(members: ChainMember[], over: Partial<StandingInput> = {}) {
  return standingOf({ registration: members[0]!, chain: { members, truncated: false }, strays: false, describes, asOf: AS_OF, ...over });
}

describe("standing of a registration", () => {
  it("is in force on its own certificate when nothing cites it and its expiry is ahead", () => {
    const s = standing([member(0, { expiresAt: "2027-03-01" })]);
    expect(s).toEqual({
      state: "in_force",
      effectiveUntil: "2027-03-01",
      cancelledBy: null,
      changedBy: [],
      stillDescribed: null,
      asOf: AS_OF,
      basis: "certificate",
    });
  });

  it("is expired the day after its expiry date (Beijing calendar), in force on the day itself", () => {
    expect(standing([member(0, { expiresAt: "2026-11-26" })]).state).toBe("expired");
    expect(standing([member(0, { expiresAt: "2026-11-27" })]).state).toBe("in_force");
  });

  it("holds to the date an extension states: in force until the new date", () => {
    const s = standing([member(0), member(1, { registerType: "extension", expiresAt: "2027-01-10", propertyDescription: null })]);
    expect(s).toMatchObject({ state: "in_force", effectiveUntil: "2027-01-10", basis: "chain", changedBy: [], stillDescribed: null });
  });

  it("is cancelled by a cancellation in its chain, which it names", () => {
    const s = standing([member(0, { expiresAt: "2030-01-01" }), member(1, { registerType: "cancellation", propertyDescription: null })]);
    expect(s.state).toBe("cancelled");
    expect(s.cancelledBy).toEqual({ certificateNumber: "41328547000000000001", registerTime: "2024-02-01T10:00:00+08:00" });
  });

  it("is no longer described when a later change rewrote the description without what matched", () => {
    const s = standing([member(0, { expiresAt: "2030-01-01" }), member(1, { propertyDescription: "发票号码：43632615" })]);
    expect(s).toMatchObject({ state: "in_force", stillDescribed: false, changedBy: ["41328547000000000001"] });
    expect(liveRank(s)).toBe(2);
  });

  it("is still described when the latest rewrite keeps it, and a change that repeats the description rewrote nothing", () => {
    const rewritten = standing([member(0, { expiresAt: "2030-01-01" }), member(1, { propertyDescription: "补充：发票号码：11050292" })]);
    expect(rewritten.stillDescribed).toBe(true);
    const repeated = standing([
      member(0, { expiresAt: "2030-01-01" }),
      member(1, { propertyDescription: "发票号码：11050292；\n发票号码：43632615" }),
    ]);
    expect(repeated.stillDescribed).toBeNull();
    expect(repeated.changedBy).toEqual(["41328547000000000001"]);
  });

  it("reads only what came after the matched registration: a result on the change itself has no later change", () => {
    const members = [member(0, { expiresAt: "2030-01-01" }), member(1, { propertyDescription: "发票号码：43632615" })];
    const s = standingOf({ registration: members[1]!, chain: { members, truncated: false }, strays: false, describes, asOf: AS_OF });
    expect(s).toMatchObject({ state: "in_force", changedBy: [], stillDescribed: null, basis: "chain" });
  });

  it("is unknown when the chain was truncated, and claims no date", () => {
    const s = standing([member(0, { expiresAt: "2030-01-01" }), member(1)], { chain: { members: [member(0), member(1)], truncated: true } });
    expect(s).toMatchObject({ state: "unknown", basis: "unknown", effectiveUntil: null });
    expect(liveRank(s)).toBe(1);
  });

  it("is unknown when a certificate of the chain was not read (it may be a cancellation)", () => {
    const s = standing([
      member(0, { expiresAt: "2030-01-01" }),
      member(1, { registerType: "extension", parseStatus: "missing", propertyDescription: null }),
    ]);
    expect(s).toMatchObject({ state: "unknown", basis: "unknown" });
  });

  it("is unknown when the query holds a registration no chain could be told for (it may extend or cancel this one)", () => {
    const s = standing([member(0, { expiresAt: "2030-01-01" })], { strays: true });
    expect(s).toMatchObject({ state: "unknown", basis: "unknown", effectiveUntil: null });
  });

  it("is unknown when its initial certificate number is not known (no chain) and its own certificate was not read", () => {
    const own = member(0, { parseStatus: "missing", propertyDescription: null });
    expect(standingOf({ registration: own, chain: null, strays: false, describes: null, asOf: AS_OF })).toMatchObject({
      state: "unknown",
      basis: "unknown",
    });
  });

  it("is cancelled even when the rest of the chain is not known: a cancellation is final", () => {
    const members = [member(0), member(1, { parseStatus: "missing" }), member(2, { registerType: "cancellation" })];
    expect(standingOf({ registration: members[0]!, chain: { members, truncated: true }, strays: false, describes, asOf: AS_OF })).toMatchObject({
      state: "cancelled",
      basis: "unknown",
    });
  });

  it("has no stillDescribed for a result that matched nothing", () => {
    const s = standing([member(0, { expiresAt: "2030-01-01" }), member(1, { propertyDescription: "其他" })], { describes: null });
    expect(s.stillDescribed).toBeNull();
  });

  it("ranks live conflicts first: in force, unknown, no longer described, expired, cancelled", () => {
    const inForce = standing([member(0, { expiresAt: "2030-01-01" })]);
    const expired = standing([member(0)]);
    const cancelled = standing([member(0), member(1, { registerType: "cancellation" })]);
    expect([liveRank(inForce), liveRank(expired), liveRank(cancelled)]).toEqual([0, 3, 4]);
  });
});
