/**
 * @module The knobs of one fuzzed certificate (fuzz-case.ts draws them with fast-check) and its parties:
 * the shapes the case and its bands (fuzz-bands.ts) share.
 */
import type { FuzzGeometry } from "./fuzz-geometry";
import type { Era, FuzzRegisterType, FuzzTrap } from "./fuzz-vocabulary";

export interface FuzzKnobs {
  seed: number;
  era: Era;
  business: number;
  registerType: FuzzRegisterType;
  /** Post-2021: head parties 担保人 / 担保权人 instead of the business type's pair. */
  genericRoles: boolean;
  debtors: number;
  securedParties: number;
  /** The last debtor is a natural person (identity number, no credit code). */
  naturalPerson: boolean;
  /** The last secured party is a foreign company (LEI, no credit code). */
  foreignCompany: boolean;
  descriptionChars: number;
  invoiceTable: boolean;
  /** Rows printed with an empty value cell (填表人归档号, 法定代表人/负责人, a contract number). */
  emptyValues: boolean;
  geometry: FuzzGeometry;
  /**
   * A known silent miss's class the case prints (issue 39), absent for none: a letter-spaced label whose row
   * other text splits, amounts under look-alike labels around 主合同金额, a description whose table keeps the
   * end mark ＜完＞ as its own text.
   */
  trap?: FuzzTrap;
}

export interface FuzzParty {
  role: "debtor" | "secured_party";
  kind: "company" | "person" | "foreign" | "bank";
  name: string;
  typeWord: string;
  typeCode: string;
  identifier: string;
}
