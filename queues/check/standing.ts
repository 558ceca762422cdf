/**
 * @module The standing of one slice's registrations at the time of the match (console-api.md, "A
 * registration's standing"): their chains read together from the shard, each standing computed by
 * the pure rule (worker/domain/standing.ts), the matched criteria looked for again, with the check's
 * own matcher, in the description of a later change that rewrote it.
 */
import { chainsOf } from "../../worker/db/registration-chains";
import type { RegistrationToMatch } from "../../worker/db/registrations";
import type { RegistrationDecision } from "../../worker/domain/check-matching";
import type { CompiledMatcher } from "../../worker/domain/matching";
import { standingOf, type ChainMember, type Standing } from "../../worker/domain/standing";
import type { Certificate } from "../../worker/schemas/certificate";

interface ToStand {
  registration: RegistrationToMatch;
  decision: RegistrationDecision;
}

function ownMember(reg: RegistrationToMatch): ChainMember {
  const certificate = reg.certificate && reg.parseStatus === "completed" ? (JSON.parse(reg.certificate) as Certificate) : null;
  return {
    registrationId: reg.id,
    certificateNumber: reg.certificateNumber,
    registerType: reg.registerType,
    registerTime: reg.registerTime,
    expiresAt: reg.expiresAt,
    parseStatus: reg.parseStatus,
    propertyDescription: certificate?.propertyDescription ?? null,
  };
}

/** Whether every one of these criteria hits the text. */
function describesAll(matcher: CompiledMatcher, criterionIds: readonly string[]): ((text: string) => boolean) | null {
  if (criterionIds.length === 0) return null;
  return (text) => {
    const found = new Set(matcher.scan(text).map((h) => h.criterionId));
    return criterionIds.every((id) => found.has(id));
  };
}

export async function standingsOf(
  shard: D1Database,
  queryId: string,
  slice: readonly ToStand[],
  matcher: CompiledMatcher,
  asOf: number,
): Promise<Map<string, Standing>> {
  const initials = slice.map((s) => s.registration.initialCertificateNumber).filter((n): n is string => n !== null);
  const chains = await chainsOf(shard, queryId, initials);
  return new Map(
    slice.map(({ registration: reg, decision }) => {
      const initial = reg.initialCertificateNumber;
      const standing = standingOf({
        registration: ownMember(reg),
        chain: initial !== null ? (chains.byInitial.get(initial) ?? null) : null,
        strays: chains.strays > 0,
        describes: describesAll(matcher, decision.matchedCriterionIds),
        asOf,
      });
      return [reg.id, standing];
    }),
  );
}
