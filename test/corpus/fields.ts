/**
 * @module The fields the certificate corpus checks, defined once: the corpus builder writes them as each
 * document's truth, and the harness (`npm run corpus`) and the corpus test read a parsed Certificate
 * through the same function and compare. A flat record of comparable strings, one key per fact; a
 * field is only in a document's truth when the document prints it.
 *
 * Parties are keyed by role and position within the role ("debtor1.name", "secured_party2.typeCode"), so
 * a missing first party shows as wrong fields, not as every later party shifted by one.
 */
import type { Certificate, CertificateParty } from "../../worker/schemas/certificate";

export type FieldValues = Record<string, string>;

/** Per-party facts, appended to "<role><n>.". */
export const PARTY_FIELDS = ["name", "typeCode", "unifiedSocialCreditCode", "personalIdentityNumber"] as const;
/**
 * A party's registry identifier as a reader of the real certificates states it: its unified social credit
 * code, or the older organisation code printed under "组织机构代码/统一社会信用代码".
 */
export const PARTY_IDENTIFIER = "identifier";
export type PartyField = (typeof PARTY_FIELDS)[number];

export function partyKey(role: string, position: number, field: PartyField): string {
  return `${role}${position}.${field}`;
}

/** Registration-level facts, with where each comes from in a Certificate. */
const SCALARS: ReadonlyArray<readonly [string, (c: Certificate) => string | number | null | undefined]> = [
  ["certificateNumber", (c) => c.certificateNumber],
  ["initialCertificateNumber", (c) => c.initialCertificateNumber],
  ["registerType", (c) => c.registerType],
  ["registerTime", (c) => c.registerTime],
  ["registrationMonths", (c) => c.registrationMonths],
  ["expiresAt", (c) => c.expiresAt],
  ["businessTypeCode", (c) => c.businessTypeCode],
  ["leaseBusinessType", (c) => c.leaseBusinessType],
  ["securityType", (c) => c.securityType],
  ["securedScope", (c) => c.securedScope],
  ["mainContractNumber", (c) => c.mainContractNumber],
  ["mainContractAmount", (c) => c.mainContractAmount],
  ["mainContractCurrency", (c) => c.mainContractCurrency],
  ["maximumClaimAmount", (c) => c.maximumClaimAmount],
  ["maximumClaimCurrency", (c) => c.maximumClaimCurrency],
  ["securityContractNumber", (c) => c.securityContractNumber],
  ["performanceStartDate", (c) => c.performanceStartDate],
  ["performanceEndDate", (c) => c.performanceEndDate],
  ["propertyValue", (c) => c.propertyValue],
  ["propertyValueCurrency", (c) => c.propertyValueCurrency],
  ["propertyUniqueCode", (c) => c.propertyUniqueCode],
  ["propertyDescription", (c) => c.propertyDescription],
  ["businessTypeDescription", (c) => c.businessTypeDescription],
  ["declaredAttachments", (c) => (c.declaredAttachments?.length ? c.declaredAttachments.map((a) => a.fileName ?? "").join("|") : null)],
  ["preparer.name", (c) => c.preparer?.name],
  ["changeDescription", (c) => c.registrationDetails?.changeDescription],
  ["extensionMonths", (c) => c.registrationDetails?.extensionMonths],
  ["cancellationReason", (c) => c.registrationDetails?.cancellationReason],
];

export const SCALAR_FIELDS: readonly string[] = SCALARS.map(([key]) => key);

function partyFields(parties: readonly CertificateParty[], out: FieldValues): void {
  const seen = new Map<string, number>();
  for (const party of parties) {
    const role = party.role ?? "unknown";
    const position = (seen.get(role) ?? 0) + 1;
    seen.set(role, position);
    for (const field of PARTY_FIELDS) {
      const value = party[field];
      if (value !== null && value !== undefined && value !== "") out[partyKey(role, position, field)] = value;
    }
    // Both when both are printed: either is the party's identifier as the real truth states it.
    const identifiers = [party.unifiedSocialCreditCode, party.details?.organizationCode].filter((v): v is string => !!v);
    if (identifiers.length) out[`${role}${position}.${PARTY_IDENTIFIER}`] = identifiers.join("|");
  }
}

/** Every checked fact a Certificate states (null and empty values are left out). */
export function certificateFields(certificate: Certificate | null | undefined): FieldValues {
  const out: FieldValues = {};
  if (!certificate) return out;
  for (const [key, read] of SCALARS) {
    const value = read(certificate);
    if (value !== null && value !== undefined && value !== "") out[key] = String(value);
  }
  partyFields(certificate.parties ?? [], out);
  return out;
}

/** The checked fields a ParseIssue's `field` speaks of (besides its own name). */
const ISSUE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  businessTypeCode: ["businessTypeCode", "businessTypeDescription"],
  performancePeriodText: ["performanceStartDate", "performanceEndDate"],
  "registrationDetails.changeDescription": ["changeDescription"],
  "registrationDetails.extensionMonths": ["extensionMonths"],
  "registrationDetails.cancellationReason": ["cancellationReason"],
};
const PARTY_ISSUE = /^parties\[(\d+)\]\.(?:details\.)?(\w+)$/;
const PARTY_ISSUE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  unifiedSocialCreditCode: ["unifiedSocialCreditCode", PARTY_IDENTIFIER],
  organizationCode: [PARTY_IDENTIFIER],
};

/**
 * The checked fields a ParseIssue flags: a value the parser could not vouch for (null or kept, with its
 * raw text in the issue). A wrong value on a flagged field is a reader's warning, not a silent error.
 */
export function flaggedFields(certificate: Certificate | null | undefined): Set<string> {
  const out = new Set<string>();
  if (!certificate) return out;
  const parties = certificate.parties ?? [];
  const positions = new Map<number, string>();
  const seen = new Map<string, number>();
  parties.forEach((party, k) => {
    const role = party.role ?? "unknown";
    const position = (seen.get(role) ?? 0) + 1;
    seen.set(role, position);
    positions.set(k, `${role}${position}.`);
  });
  for (const issue of certificate.issues ?? []) {
    const field = issue.field;
    if (!field) continue;
    const party = PARTY_ISSUE.exec(field);
    const prefix = party ? positions.get(Number(party[1])) : undefined;
    if (party && prefix) {
      const name = party[2] ?? "";
      for (const f of PARTY_ISSUE_FIELDS[name] ?? [name]) out.add(`${prefix}${f}`);
    } else if (field.startsWith("parties.")) {
      // A whole role missing: every field of that role.
      const role = field.slice("parties.".length);
      for (const f of [...PARTY_FIELDS, PARTY_IDENTIFIER]) for (let n = 1; n <= 30; n++) out.add(partyKey(role, n, f as PartyField));
    } else for (const f of ISSUE_FIELDS[field] ?? [field]) out.add(f);
  }
  return out;
}

/**
 * Fields compared after removing all white space: a description is joined across lines and pages by
 * the reader, and where a renderer wrapped a line is not a fact of the certificate.
 */
const WHITESPACE_FREE = new Set(["propertyDescription", "changeDescription", "cancellationReason"]);

/** A value as it is compared. */
export function comparable(field: string, value: string): string {
  // File names are a set: in name order.
  if (field === "declaredAttachments") return value.split("|").map((n) => n.trim()).sort().join("|");
  return WHITESPACE_FREE.has(field) ? value.replace(/\s+/g, "") : value.trim();
}

export function sameValue(field: string, expected: string, got: string | undefined): boolean {
  if (got !== undefined && field.endsWith(`.${PARTY_IDENTIFIER}`)) return got.split("|").includes(expected.trim());
  return got !== undefined && comparable(field, expected) === comparable(field, got);
}

export interface FieldCheck {
  field: string;
  expected: string;
  got: string | undefined;
  ok: boolean;
  /** A ParseIssue speaks of the field: the parser said it could not vouch for what it emitted, or why it emitted nothing. */
  flagged: boolean;
}

/**
 * One check per field of the truth; fields the parser read but the truth lacks are not scored. An empty
 * expected value ("") means the certificate prints none: any value read is wrong.
 */
export function compareFields(truth: FieldValues, got: FieldValues, flagged: ReadonlySet<string> = new Set()): FieldCheck[] {
  return Object.entries(truth).map(([field, expected]) => {
    const value = expected === "" ? (got[field] ?? "") : got[field];
    return { field, expected, got: value, ok: sameValue(field, expected, value), flagged: flagged.has(field) };
  });
}

/**
 * What a check came to: right; missing (nothing read, an issue says why); wrong but flagged by an issue;
 * unflagged: wrong, or missing, with no issue on the field (issue 39: a value printed and not read is as
 * silent as a wrong one, when nothing says so).
 */
export type Outcome = "right" | "missing" | "flagged" | "unflagged";

export function outcomeOf(check: FieldCheck): Outcome {
  if (check.ok) return "right";
  if (!check.flagged) return "unflagged";
  return check.got === undefined || check.got === "" ? "missing" : "flagged";
}

/** A field's column in the per-field table: party fields grouped across positions ("debtor.name"). */
export function fieldFamily(field: string): string {
  return field.replace(/^([a-z_]+)\d+\./, "$1.");
}
