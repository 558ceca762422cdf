/**
 * @module The tuning set of real registry certificates (issue 20): 24 PDFs from the registry's own generator
 * with a truth read from the printed pages, kept beside the repository in ../shared/corpus/real-registry
 * (they name real companies and people: never copied in). Its truth.json as the corpus's flat fields, so
 * that the harness and the test score it like any other set.
 */
import { type FieldValues, PARTY_IDENTIFIER, partyKey } from "./fields";

/** The set's name in the report's tables. */
export const REAL_SET = "real-registry";

/** Where the set may be, relative to the repository root: a checkout beside ../shared, or a worktree one level deeper. */
export const REAL_REGISTRY_CANDIDATES = ["../shared/corpus/real-registry", "../../shared/corpus/real-registry"] as const;

/** One certificate of truth.json as the reader of the printed page wrote it. */
export interface RealTruth {
  certificateNumber: string;
  registerType: string;
  /** Beijing time, "yyyy-MM-dd HH:mm:ss". */
  registerTime: string;
  registrationMonths: number | null;
  expiresAt: string | null;
  initialCertificateNumber: string | null;
  businessTypeDescription: string | null;
  preparerName: string | null;
  debtorNames: string[];
  /** Unified social credit codes, or old organisation codes ("63078348-4"), in the order of debtorNames. */
  debtorUscc: (string | null)[];
  securedNames: string[];
  /** Yuan, a decimal string. */
  propertyValue: string | null;
  propertyDescription: string | null;
  attachments: string[];
  /** [first, last] of each invoice number or range the description lists. */
  invoices: [string, string][];
}

/** The API's form of a registry time: ISO 8601 at +08:00. */
function isoTime(beijing: string): string {
  return `${beijing.replace(" ", "T")}+08:00`;
}

/** The checked fields of one real certificate. An initial registration's initialCertificateNumber is its own number. */
export function realFields(truth: RealTruth): FieldValues {
  const out: FieldValues = {
    certificateNumber: truth.certificateNumber,
    registerType: truth.registerType,
    registerTime: isoTime(truth.registerTime),
    initialCertificateNumber: truth.initialCertificateNumber ?? (truth.registerType === "initial" ? truth.certificateNumber : ""),
    // None listed is a fact too: a value read there (a description's tail taken for a file name) is wrong.
    declaredAttachments: truth.attachments.join("|"),
  };
  const optional: [string, string | number | null][] = [
    ["registrationMonths", truth.registrationMonths],
    ["expiresAt", truth.expiresAt],
    ["businessTypeDescription", truth.businessTypeDescription],
    ["preparer.name", truth.preparerName],
    ["propertyValue", truth.propertyValue],
    ["propertyDescription", truth.propertyDescription],
  ];
  for (const [key, value] of optional) if (value !== null) out[key] = String(value);
  truth.debtorNames.forEach((name, k) => {
    out[partyKey("debtor", k + 1, "name")] = name;
    const code = truth.debtorUscc[k];
    if (code) out[`debtor${k + 1}.${PARTY_IDENTIFIER}`] = code;
  });
  truth.securedNames.forEach((name, k) => (out[partyKey("secured_party", k + 1, "name")] = name));
  return out;
}

/**
 * The invoice numbers truth lists that the parsed description holds (for the duplicate checks): a range's
 * two ends, a single number once. The description is compared without white space, as it is scored.
 */
export function invoicesPresent(truth: RealTruth, description: string | undefined): { listed: number; present: number } {
  const text = (description ?? "").replace(/\s+/g, "");
  const numbers = [...new Set(truth.invoices.flat())];
  return { listed: numbers.length, present: numbers.filter((n) => text.includes(n)).length };
}
