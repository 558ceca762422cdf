/**
 * @module The chains of a check slice's registrations, for their standing (domain/standing.ts): every
 * registration of the query sharing an initial certificate number, in the order and with the limit of
 * the chain the registration detail serves (registration-detail.ts CHAIN_LIMIT), read in one statement.
 */
import { and, asc, count, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { ChainMember } from "../domain/standing";
import { inJsonList } from "./json-list";
import { CHAIN_LIMIT } from "./registration-detail";
import { registrations } from "./schema/shard";

export interface StoredChain {
  members: ChainMember[];
  truncated: boolean;
}

export interface QueryChains {
  byInitial: Map<string, StoredChain>;
  /**
   * Registrations of the query that belong to no known chain and are not listed as initial ones: their
   * certificate was not read and the listing does not name their chain, so any chain may lack them.
   */
  strays: number;
}

/** The chains of these initial certificate numbers in the query, by initial number, and the query's strays. */
export async function chainsOf(shard: D1Database, queryId: string, initials: readonly string[]): Promise<QueryChains> {
  const chains = new Map<string, StoredChain>();
  const d = drizzle(shard);
  const stray = await d
    .select({ n: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.queryId, queryId),
        isNull(registrations.initialCertificateNumber),
        or(isNull(registrations.registerType), ne(registrations.registerType, "initial")),
      ),
    )
    .get();
  const strays = stray?.n ?? 0;
  if (initials.length === 0) return { byInitial: chains, strays };
  // A window function per chain keeps each chain to CHAIN_LIMIT + 1 rows (drizzle has no builder for it);
  // a description is read out of the certificate JSON only where the certificate parsed (a failed one
  // may hold anything).
  const ranked = d
    .select({
      registrationId: registrations.id,
      certificateNumber: registrations.certificateNumber,
      initial: registrations.initialCertificateNumber,
      registerType: registrations.registerType,
      registerTime: registrations.registerTime,
      expiresAt: registrations.expiresAt,
      parseStatus: registrations.parseStatus,
      propertyDescription: sql<string | null>`CASE WHEN ${registrations.parseStatus} = 'completed' AND json_valid(${registrations.certificate})
        THEN json_extract(${registrations.certificate}, '$.propertyDescription') END`.as("property_description"),
      position: sql<number>`ROW_NUMBER() OVER (PARTITION BY ${registrations.initialCertificateNumber}
        ORDER BY ${registrations.registerTime}, ${registrations.ordinal})`.as("position"),
    })
    .from(registrations)
    .where(and(eq(registrations.queryId, queryId), inJsonList(registrations.initialCertificateNumber, [...new Set(initials)])))
    .as("ranked");
  const rows = await d
    .select()
    .from(ranked)
    .where(lte(ranked.position, CHAIN_LIMIT + 1))
    .orderBy(asc(ranked.initial), asc(ranked.position))
    .all();
  for (const { initial, position, ...member } of rows) {
    if (initial === null) continue;
    const chain = chains.get(initial) ?? { members: [], truncated: false };
    if (position > CHAIN_LIMIT) chain.truncated = true;
    else chain.members.push(member);
    chains.set(initial, chain);
  }
  return { byInitial: chains, strays };
}
