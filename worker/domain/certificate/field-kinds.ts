/**
 * @module What kind of value each field holds, for the scanner: typed fields have a reader that says
 * when the value is complete (a complete value takes no more lines, an incomplete one takes the line that
 * completes it); long free-text fields take every following line of their block.
 */
import type { FieldKey } from "./labels";
import {
  readAmount,
  readCertificateNumber,
  readCurrency,
  readDate,
  readIndustry,
  readMonths,
  readPartyType,
  readPeriod,
  readRegisterType,
  readScale,
  readTime,
  readYesNo,
} from "./values";
import { businessTypeByDescription } from "./vocabulary";

type Reader = (text: string) => unknown;

const creditCode: Reader = (t) => (/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(t.replace(/\s/g, "")) ? t : null);
/** A contract number is one token: once read, the next line is not more of it (it is a description, a label's value). */
const contractNumber: Reader = (t) => (t.trim().length > 0 && t.length <= 60 && !/[，。；、\s]/.test(t.trim()) ? t : null);
const identityNumber: Reader = (t) => (/^\d{17}[\dXx]$/.test(t.replace(/\s/g, "")) ? t : null);

export const FIELD_READERS: Partial<Record<FieldKey, Reader>> = {
  certificateNumber: readCertificateNumber,
  initialCertificateNumber: readCertificateNumber,
  registerType: readRegisterType,
  registerTime: readTime,
  registrationMonths: readMonths,
  expiresAt: readDate,
  businessType: (t) => businessTypeByDescription(t) ?? null,
  mainContractNumber: contractNumber,
  propertyUniqueCode: contractNumber,
  securityContractNumber: contractNumber,
  mainContractAmount: readAmount,
  mainContractCurrency: readCurrency,
  maximumClaimAmount: readAmount,
  maximumClaimCurrency: readCurrency,
  propertyValue: readAmount,
  performancePeriod: (t) => {
    const p = readPeriod(t);
    return p.start && p.end ? p : null;
  },
  propertyValueCurrency: readCurrency,
  "original.registered": readYesNo,
  "original.date": readDate,
  "details.extensionMonths": readMonths,
  "party.type": readPartyType,
  "party.creditCode": creditCode,
  "party.identityNumber": identityNumber,
  "party.industry": readIndustry,
  "party.scale": readScale,
  "party.passportExpiryDate": readDate,
};

const LONG_TEXT: ReadonlySet<FieldKey> = new Set<FieldKey>([
  "propertyDescription",
  "securedScope",
  "details.changeDescription",
  "details.cancellationReason",
  "original.description",
]);

export function isLongText(field: FieldKey): boolean {
  return LONG_TEXT.has(field);
}
