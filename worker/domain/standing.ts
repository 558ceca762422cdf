/**
 * @module A registration's standing (console-api.md, "A registration's standing"): where the
 * registration that holds a hit stood when the check matched, from the registrations of the source
 * query that cite it (its chain, by initial certificate number) and its own certificate. Pure: the
 * check step gathers the chain (worker/db/registration-chains.ts) and stores the result with the
 * check's result, so a result always says where its registration stood at the time of its match.
 *
 * Rules a lender reads it by:
 * - A cancellation anywhere in the chain is final: cancelled, even when the rest of the chain is not
 *   known (basis still says that).
 * - Otherwise a truncated chain, a registration in it whose certificate was not read (it may be a
 *   cancellation or an extension), or one in the query that could not be placed in any chain, leaves
 *   the state unknown: nothing is claimed that was not read.
 * - effectiveUntil is the expiry date the chain states last (an extension's certificate states the new
 *   date); expired when the Beijing calendar day of the match is after it.
 * - stillDescribed looks at the latest change after the matched registration whose certificate prints
 *   a property description other than the matched registration's: do all the matched criteria still
 *   appear in it? null when no later change rewrote the description or nothing was matched.
 */
import { beijingParts } from "../lib/time";
import type { STANDING_BASES, STANDING_STATES } from "../schemas/check-vocabulary";

export type StandingState = (typeof STANDING_STATES)[number];
export type StandingBasis = (typeof STANDING_BASES)[number];

/** One registration of a chain, as the query stored it. */
export interface ChainMember {
  registrationId: string;
  certificateNumber: string;
  registerType: string | null;
  registerTime: string | null;
  /** yyyy-MM-dd, as the certificate (or else the listing) states it. */
  expiresAt: string | null;
  parseStatus: string;
  /** The property description its certificate prints (null when not read or not printed). */
  propertyDescription: string | null;
}

export interface StandingInput {
  /** The registration that holds the result. */
  registration: ChainMember;
  /**
   * Every registration of the query sharing its initial certificate number, in registration order
   * (itself included), and whether the list was cut; null when its initial number is not known.
   */
  chain: { members: readonly ChainMember[]; truncated: boolean } | null;
  /**
   * Whether the query holds a registration no chain could be told for (its certificate unread, its
   * listing silent on its chain, not listed as an initial one): it may belong to this chain.
   */
  strays: boolean;
  /**
   * Whether every matched criterion appears in a text (the check's matcher over it); null when the
   * result matched nothing, so there is nothing to be still described.
   */
  describes: ((text: string) => boolean) | null;
  /** The check's match time (epoch ms). */
  asOf: number;
}

export interface Standing {
  state: StandingState;
  effectiveUntil: string | null;
  cancelledBy: { certificateNumber: string; registerTime: string | null } | null;
  changedBy: string[];
  stillDescribed: boolean | null;
  /** Epoch ms; serialised as ISO 8601. */
  asOf: number;
  basis: StandingBasis;
}

const read = (m: ChainMember) => m.parseStatus === "completed";

/** Text compared as printed, short of white space (a re-wrapped description is the same description). */
const sameText = (a: string | null, b: string | null) => (a ?? "").replace(/\s+/g, "") === (b ?? "").replace(/\s+/g, "");

function beijingDay(ms: number): string {
  const { year, month, day } = beijingParts(ms);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The expiry date the chain states last, in registration order. */
function lastStatedExpiry(members: readonly ChainMember[]): string | null {
  let until: string | null = null;
  for (const m of members) if (m.expiresAt) until = m.expiresAt;
  return until;
}

/** The latest later change that rewrote the description, or undefined; null when a later change was not read (it may have). */
function latestRewrite(registration: ChainMember, later: readonly ChainMember[]): ChainMember | null | undefined {
  for (let i = later.length - 1; i >= 0; i--) {
    const m = later[i]!;
    if (m.registerType !== "change") continue;
    if (!read(m)) return null;
    if (m.propertyDescription && !sameText(m.propertyDescription, registration.propertyDescription)) return m;
  }
  return undefined;
}

export function standingOf(input: StandingInput): Standing {
  const { registration, chain, asOf } = input;
  const members = chain ? chain.members : [registration];
  const at = members.findIndex((m) => m.registrationId === registration.registrationId);
  // A registration the (cut) chain does not show: what came after it is not known.
  const later = at >= 0 ? members.slice(at + 1) : [];
  const complete = chain !== null && !chain.truncated && !input.strays && at >= 0 && members.every(read);
  const basis: StandingBasis = !complete ? "unknown" : members.length > 1 ? "chain" : "certificate";

  const cancellation = members.find((m) => m.registerType === "cancellation");
  const changedBy = later.filter((m) => m.registerType === "change").map((m) => m.certificateNumber);
  const rewrite = input.describes ? latestRewrite(registration, later) : undefined;
  const stillDescribed = rewrite && input.describes ? input.describes(rewrite.propertyDescription ?? "") : null;
  const effectiveUntil = complete || cancellation ? lastStatedExpiry(members) : null;

  let state: StandingState;
  if (cancellation) state = "cancelled";
  else if (!complete || effectiveUntil === null) state = "unknown";
  else state = beijingDay(asOf) > effectiveUntil ? "expired" : "in_force";

  return {
    state,
    effectiveUntil,
    cancelledBy: cancellation ? { certificateNumber: cancellation.certificateNumber, registerTime: cancellation.registerTime } : null,
    changedBy,
    stillDescribed,
    asOf,
    basis,
  };
}

/**
 * Where a result goes under "live conflicts first": in force and still described (0), unknown (1: it
 * may be live), in force but no longer described (2), expired (3), cancelled (4).
 */
export function liveRank(s: Standing): number {
  if (s.state === "in_force") return s.stillDescribed === false ? 2 : 0;
  return { unknown: 1, expired: 3, cancelled: 4 }[s.state];
}
