/**
 * Each standing of a registration (console-api.md, "A registration's standing"), through the open API,
 * on the sandbox's 沿革 subject (worker/upstream/sandbox/history.ts): a registration later extended, one
 * cancelled, one changed so that its description no longer names the invoice, one long expired, one
 * whose chain has a certificate that could not be had, one whose chain is longer than the chain limit,
 * and one nothing cites. Then the live-conflicts-first order.
 */
import { describe, expect, it } from "vitest";
import { HISTORY_CHAINS, historyChainStart, sandboxRegistry, type HistoryChainName } from "../worker/upstream/sandbox";
import { body, idempotencyKey, newAccount, open, waitForCheck, waitForQuery } from "./helpers";

const SUBJECT = "沿革示例商贸有限公司";

interface Standing {
  state: string;
  effectiveUntil: string | null;
  cancelledBy: { certificateNumber: string; registerTime: string | null } | null;
  changedBy: string[];
  stillDescribed: boolean | null;
  asOf: string;
  basis: string;
}
type Item = { registration: { id: string; certificateNumber: string }; matchStatus: string; standing?: Standing };

const listing = sandboxRegistry.listing(SUBJECT);
const certificate = (chain: HistoryChainName, step = 0) => listing[historyChainStart(chain) + step]!.certificateNumber;

describe("a registration's standing", () => {
  it("is served on every result, one state per chain of the 沿革 subject, and orders live conflicts first", async () => {
    const a = await newAccount();
    const created = await body<{ id: string; sourceRegistryQueryId: string }>(
      await open("/checks", a.key, {
        method: "POST",
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { applicant: SUBJECT, criteria: HISTORY_CHAINS.map((c) => ({ kind: "invoice_no", value: c.invoice })) },
      }),
    );
    await waitForQuery(created.sourceRegistryQueryId, 120_000);
    await waitForCheck(created.id, 120_000);
    const page = await body<{ items: Item[]; total: number }>(await open(`/checks/${created.id}/results?pageSize=100`, a.key));
    expect(page.total).toBe(listing.length);
    // Every result carries a standing, matched or not.
    expect(page.items.every((i) => i.standing !== undefined)).toBe(true);
    const byCertificate = new Map(page.items.map((i) => [i.registration.certificateNumber, i]));
    const standingOf = (chain: HistoryChainName, step = 0) => byCertificate.get(certificate(chain, step))!.standing!;

    const extended = standingOf("extended");
    expect(extended).toMatchObject({ state: "in_force", effectiveUntil: "2035-03-01", cancelledBy: null, changedBy: [], basis: "chain" });
    expect(extended.asOf).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+08:00$/);
    // The extension's own result stands the same.
    expect(standingOf("extended", 1)).toMatchObject({ state: "in_force", effectiveUntil: "2035-03-01" });

    const cancelledBy = listing[historyChainStart("cancelled") + 1]!;
    expect(standingOf("cancelled")).toMatchObject({
      state: "cancelled",
      cancelledBy: { certificateNumber: cancelledBy.certificateNumber, registerTime: cancelledBy.registerTime },
      basis: "chain",
    });

    expect(standingOf("changed")).toMatchObject({
      state: "in_force",
      stillDescribed: false,
      changedBy: [certificate("changed", 1)],
      basis: "chain",
    });
    // The change that rewrote the description names no invoice: it is no hit, and nothing after it rewrote it.
    expect(byCertificate.get(certificate("changed", 1))!.matchStatus).toBe("unmatched");

    expect(standingOf("expired")).toMatchObject({ state: "expired", effectiveUntil: "2021-01-08", basis: "certificate" });
    expect(standingOf("unread")).toMatchObject({ state: "unknown", effectiveUntil: null, basis: "unknown" });
    expect(standingOf("plain")).toMatchObject({ state: "in_force", effectiveUntil: "2035-02-03", stillDescribed: null, basis: "certificate" });

    // The truncated chain: more registrations than the chain limit (the registration detail says truncated too).
    expect(standingOf("truncated")).toMatchObject({ state: "unknown", basis: "unknown" });
    const detail = await body<{ registration: { registrationChain?: { truncated: boolean } }; standing?: Standing }>(
      await open(`/checks/${created.id}/results/${byCertificate.get(certificate("truncated"))!.registration.id}`, a.key),
    );
    expect(detail.registration.registrationChain?.truncated).toBe(true);
    expect(detail.standing).toEqual(standingOf("truncated"));

    // Live conflicts first: matched results in force and still described, then unknown, no longer described, expired, cancelled.
    const ordered = await body<{ items: Item[] }>(await open(`/checks/${created.id}/results?pageSize=100&matchStatus=matched&sort=standing`, a.key));
    const rank = (s: Standing) =>
      s.state === "in_force" ? (s.stillDescribed === false ? 2 : 0) : ({ unknown: 1, expired: 3, cancelled: 4 } as Record<string, number>)[s.state]!;
    const ranks = ordered.items.map((i) => rank(i.standing!));
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(ordered.items[0]!.standing!.state).toBe("in_force");
    expect(ordered.items.at(-1)!.standing!.state).toBe("cancelled");
  }, 240_000);
});
