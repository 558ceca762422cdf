/**
 * @module The fields of PublicRegistrationSummary derived from the parsed certificate (schemas/registration.ts:
 * debtorNames, securedPartyNames, propertySummary), computed in this one place when a registration is
 * recorded (queues/query/record.ts). The list endpoints search and show the stored columns; the
 * serializer (serializers/registration.ts) copies them.
 */
import type { Certificate, PartyRole } from "../schemas/certificate";

/** open-api-v1.md: "First 200 Unicode characters of the property description". */
export const PROPERTY_SUMMARY_CHARACTERS = 200;

/** First n Unicode characters (code points, not UTF-16 units). */
export function firstCharacters(text: string, n: number): string {
  return Array.from(text).slice(0, n).join("");
}

/** The names of the parties in one role, in certificate order, joined with the enumeration comma; null when none is named. */
export function partyNames(cert: Certificate, role: PartyRole): string | null {
  const list = (cert.parties ?? [])
    .filter((p) => p.role === role)
    .map((p) => p.name)
    .filter((n): n is string => !!n);
  return list.length > 0 ? list.join("、") : null;
}

export interface SummaryFields {
  debtorNames: string | null;
  securedPartyNames: string | null;
  propertySummary: string | null;
}

/** The summary's derived fields of a parsed certificate; all null without one. */
export function summaryFields(cert: Certificate | null): SummaryFields {
  const description = cert?.propertyDescription ?? "";
  return {
    debtorNames: cert ? partyNames(cert, "debtor") : null,
    securedPartyNames: cert ? partyNames(cert, "secured_party") : null,
    propertySummary: description ? firstCharacters(description, PROPERTY_SUMMARY_CHARACTERS) : null,
  };
}
