/**
 * @module The 沿革 marker (a subject's history): a fixed set of chains that puts every standing of a
 * registration (console-api.md, "A registration's standing") within reach of a query and one check.
 * Each chain's initial registration names an invoice of its own; what follows it decides its standing:
 *
 * | chain | registrations | standing of the initial |
 * |---|---|---|
 * | extended | initial (12 months, long past), extension of 120 months | in force until the extension's date |
 * | cancelled | initial, cancellation | cancelled |
 * | changed | initial, a change whose description no longer names the invoice | in force, stillDescribed false |
 * | expired | initial of 12 months in 2020 | expired |
 * | unread | initial, an extension whose certificate cannot be had | unknown (basis unknown) |
 * | truncated | initial and 51 changes repeating it: more than the chain limit (50) | unknown (basis unknown) |
 * | plain | initial, nothing cites it | in force (basis certificate) |
 *
 * Dates lie far enough ahead (2035) that the states hold for years of test runs. Plain data: the
 * skeleton, the description and the adapter read it (skeleton.ts, registration.ts, adapter.ts).
 */

export const HISTORY_MARKER = "沿革";

export type HistoryChainName = "extended" | "cancelled" | "changed" | "expired" | "unread" | "truncated" | "plain";

export interface HistoryChain {
  name: HistoryChainName;
  /** The 8-digit invoice number the chain's initial registration names (after a 10-digit invoice code). */
  invoice: string;
  /** Beijing wall time of the initial registration. */
  start: string;
  /** The initial registration's term. */
  months: number;
  /** What follows the initial registration, in order. */
  follows: ReadonlyArray<{ type: "change" | "extension" | "cancellation"; extensionMonths?: number; rewritten?: true; missing?: true }>;
}

/** Changes that repeat the description: enough to run over the chain limit (registration-detail.ts CHAIN_LIMIT, 50). */
const TRUNCATING_CHANGES = 51;

export const HISTORY_CHAINS: readonly HistoryChain[] = [
  { name: "extended", invoice: "31000101", start: "2024-03-01 10:20:00", months: 12, follows: [{ type: "extension", extensionMonths: 120 }] },
  { name: "cancelled", invoice: "31000202", start: "2024-05-10 09:05:00", months: 60, follows: [{ type: "cancellation" }] },
  { name: "changed", invoice: "31000303", start: "2024-07-01 14:30:00", months: 120, follows: [{ type: "change", rewritten: true }] },
  { name: "expired", invoice: "31000404", start: "2020-01-08 11:00:00", months: 12, follows: [] },
  {
    name: "unread",
    invoice: "31000505",
    start: "2024-09-02 15:45:00",
    months: 120,
    follows: [{ type: "extension", extensionMonths: 12, missing: true }],
  },
  {
    name: "truncated",
    invoice: "31000606",
    start: "2023-01-05 09:30:00",
    months: 144,
    follows: Array.from({ length: TRUNCATING_CHANGES }, () => ({ type: "change" as const })),
  },
  { name: "plain", invoice: "31000707", start: "2025-02-03 16:10:00", months: 120, follows: [] },
];

/** One registration of the plan: its chain and its place in it (0 = the initial registration). */
export interface HistoryStep {
  chain: HistoryChain;
  step: number;
}

const STEPS: readonly HistoryStep[] = HISTORY_CHAINS.flatMap((chain) => [
  { chain, step: 0 },
  ...chain.follows.map((_, k) => ({ chain, step: k + 1 })),
]);

export const HISTORY_SIZE = STEPS.length;

export function isHistorySubject(subject: string): boolean {
  return subject.includes(HISTORY_MARKER);
}

/** Registration `index` of a 沿革 subject. */
export function historyStep(index: number): HistoryStep {
  const step = STEPS[index];
  if (!step) throw new RangeError(`a 沿革 subject has ${HISTORY_SIZE} registrations`);
  return step;
}

/** The index of a chain's initial registration (its certificate number is the chain's initial number). */
export function historyChainStart(name: HistoryChainName): number {
  return STEPS.findIndex((s) => s.chain.name === name && s.step === 0);
}

/** Whether the certificate of registration `index` cannot be had. */
export function historyCertificateMissing(index: number): boolean {
  const { chain, step } = historyStep(index);
  return step > 0 && chain.follows[step - 1]?.missing === true;
}

/** The property description registration `index` prints, and the invoice it names (none once rewritten). */
export function historyDescription(index: number, debtor: string, buyer: string): { text: string; invoice: string | null } {
  const { chain, step } = historyStep(index);
  if (step > 0 && chain.follows[step - 1]?.rewritten) {
    return { text: `出质人${debtor}以其对${buyer}享有的应收账款出质，质押财产变更为合同编号HT-2025-0417项下全部应收账款。`, invoice: null };
  }
  return {
    text: `出质人${debtor}以其对${buyer}享有的应收账款出质，应收账款对应发票如下：发票代码3100222130，发票号码${chain.invoice}。`,
    invoice: chain.invoice,
  };
}
