/**
 * @module The layout fuzzer's certificates (issue 29): what a certificate generator may vary, drawn by
 * fast-check, and the certificate it prints with its truth. The knobs (fuzzKnobs) are the arbitrary:
 * the era's vocabulary and title, the business type's role pair (or 担保人 / 担保权人), the registration
 * type and its own block, 1–20 parties (a natural person with an identity number, a foreign company with
 * an LEI and no credit code), empty values, descriptions up to about 2,600 characters (over several
 * pages), an invoice table, and the page geometry (fuzz-layout.ts). The values come from a seeded stream
 * (the sandbox's Rng), so a failing case shrinks on its knobs and replays from its seed.
 */
import fc from "fast-check";
import { INVOICE_FORMS, invoiceClause } from "../../worker/upstream/sandbox/invoices";
import { companyName, personName } from "../../worker/upstream/sandbox/parties";
import { Rng } from "../../worker/upstream/sandbox/prng";
import { leiCheckDigits, makeCreditCode, makeIdentityNumber } from "../../worker/upstream/sandbox/identifiers";
import { GOODS, REGIONS } from "../../worker/upstream/sandbox/vocab";
import { partyKey, type FieldValues } from "../../test/corpus/fields";
import { fuzzGeometry } from "./fuzz-geometry";
import { type Band, partyBands, registrationBands } from "./fuzz-bands";
import type { FuzzKnobs, FuzzParty } from "./fuzz-knobs";
import { ERAS, FUZZ_BUSINESSES, FUZZ_TRAPS, type FuzzRegisterType, REGISTER_WORDS, TITLES } from "./fuzz-vocabulary";

export type { FuzzKnobs, FuzzParty };

export const fuzzKnobs: fc.Arbitrary<FuzzKnobs> = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  era: fc.constantFrom(...ERAS),
  business: fc.nat({ max: FUZZ_BUSINESSES.length - 1 }),
  registerType: fc.constantFrom(...(Object.keys(REGISTER_WORDS) as FuzzRegisterType[])),
  genericRoles: fc.boolean(),
  // Most certificates have few parties; some have many (a pool of receivables from a dozen debtors).
  debtors: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 4, max: 14 }) }),
  securedParties: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 6 }) }),
  naturalPerson: fc.boolean(),
  foreignCompany: fc.boolean(),
  descriptionChars: fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 30, max: 400 }) },
    { weight: 1, arbitrary: fc.integer({ min: 400, max: 2600 }) },
  ),
  invoiceTable: fc.boolean(),
  emptyValues: fc.boolean(),
  geometry: fuzzGeometry,
  // Three cases in five print one of issue 39's classes of silent misses.
  trap: fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom(...FUZZ_TRAPS) }),
});

/** A printed certificate before layout: furniture, bands of rows, and the truth of what it shows. */
export interface FuzzDocument {
  number: string;
  title: string;
  bands: Band[];
  truth: FieldValues;
  /** "beside/shuffled" (the description's placement, the stream order): the report's per-layout table. */
  layout: string;
}

function party(rng: Rng, role: FuzzParty["role"], kind: FuzzParty["kind"]): FuzzParty {
  const region = rng.pick(REGIONS);
  if (kind === "person")
    return { role, kind, name: personName(rng), typeWord: "个人", typeCode: "04", identifier: makeIdentityNumber(rng, region.code) };
  if (kind === "foreign") {
    const first18 = `${rng.digits(4)}00${Array.from({ length: 12 }, () => rng.pick([..."ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"])).join("")}`;
    return {
      role,
      kind,
      name: `新加坡${rng.pick(["星辰", "远航", "汇丰达", "恒通"])}控股有限公司`,
      typeWord: "企业",
      typeCode: "02",
      identifier: first18 + leiCheckDigits(first18),
    };
  }
  if (kind === "bank")
    return {
      role,
      kind,
      name: `${rng.pick(["中国工商银行", "招商银行", "上海银行"])}股份有限公司${region.city.replace(/市$/, "")}分行`,
      typeWord: "金融机构",
      typeCode: "01",
      identifier: makeCreditCode(rng, region.code),
    };
  return { role, kind, name: companyName(rng, region), typeWord: "企业", typeCode: "02", identifier: makeCreditCode(rng, region.code) };
}

/** A description of about `chars` characters: goods and invoice clauses, with a table of invoice codes and numbers. */
function description(rng: Rng, chars: number, table: boolean): { text: string; table: string[][] } {
  let text = `${rng.pick(GOODS)}及其对应的应收账款，`;
  while (text.length < chars) {
    const form = rng.pick(INVOICE_FORMS.filter((f) => f !== "full_width"));
    text += `${invoiceClause(rng, form).text}；`;
    if (rng.chance(0.3)) text += `合同编号HT-${rng.int(2017, 2025)}-${rng.digits(4)}，${rng.pick(GOODS)}一批；`;
  }
  text = `${text.slice(0, -1)}。`;
  const rows = table
    ? Array.from({ length: rng.int(2, 12) }, () => [
        `${rng.int(1100, 6500)}${rng.digits(6)}`,
        rng.digits(8),
        `${rng.int(1, 999)},${rng.digits(3)}.${rng.digits(2)}`,
      ])
    : [];
  return { text, table: rows.length ? [["发票代码", "发票号码", "金额（元）"], ...rows] : [] };
}

function twentyDigits(rng: Rng): string {
  return `${rng.int(10, 69)}${rng.digits(18)}`;
}

export function fuzzDocument(knobs: FuzzKnobs): FuzzDocument {
  const rng = Rng.of("fuzz", knobs.seed);
  const business = FUZZ_BUSINESSES[knobs.business] ?? FUZZ_BUSINESSES[0];
  if (!business) throw new Error("no business type");
  const number = twentyDigits(rng);
  const initial = knobs.registerType === "initial" ? number : twentyDigits(rng);
  const title = rng.pick(TITLES[knobs.era])(REGISTER_WORDS[knobs.registerType]);
  const debtors = Array.from({ length: knobs.debtors }, (_, k) =>
    party(rng, "debtor", knobs.naturalPerson && k === knobs.debtors - 1 ? "person" : "company"),
  );
  const secured = Array.from({ length: knobs.securedParties }, (_, k) =>
    party(rng, "secured_party", knobs.foreignCompany && k === knobs.securedParties - 1 ? "foreign" : rng.chance(0.5) ? "bank" : "company"),
  );
  const described = description(rng, knobs.descriptionChars, knobs.invoiceTable);
  const truth: FieldValues = { certificateNumber: number, registerType: knobs.registerType, initialCertificateNumber: initial };
  const context = { rng, knobs, business, truth, description: described };
  const bands: Band[] = [...registrationBands(context, "head")];
  const roles = knobs.era === "post-2021" && knobs.genericRoles ? (["担保人", "担保权人"] as const) : business.roles;
  bands.push(...partyBands(context, debtors, roles[0]), ...partyBands(context, secured, roles[1]), ...registrationBands(context, "tail"));
  // The end mark closes the certificate: its description cell is the last one printed.
  const long = bands.findIndex((b) => b.kind === "long" && b.endMark !== undefined);
  if (long >= 0) bands.push(...bands.splice(long, 1));
  [...debtors, ...secured].forEach((p, k, all) => {
    const position = all.slice(0, k + 1).filter((q) => q.role === p.role).length;
    truth[partyKey(p.role, position, "name")] = p.name;
    truth[partyKey(p.role, position, "typeCode")] = p.typeCode;
    truth[partyKey(p.role, position, "unifiedSocialCreditCode")] = p.kind === "company" || p.kind === "bank" ? p.identifier : "";
    truth[partyKey(p.role, position, "personalIdentityNumber")] = p.kind === "person" ? p.identifier : "";
  });
  return { number, title, bands, truth, layout: `${knobs.geometry.descriptionPlacement}/${knobs.geometry.order}` };
}
