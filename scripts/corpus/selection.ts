/**
 * @module Which registrations the corpus prints, chosen by seed: for each renderer and document number, a
 * register type (initial, change, extension, cancellation, objection in turn), a business type not yet
 * used by that renderer where the sandbox has one, an enterprise or a person debtor, and a description
 * of one to three pages. The truth comes from the sandbox generator (`buildRegistration`), altered only
 * where the sandbox has no such case (objections, longer descriptions), before it is laid out.
 */
import { generateDescription } from "../../worker/upstream/sandbox/descriptions";
import { makeIdentityNumber } from "../../worker/upstream/sandbox/identifiers";
import { Rng } from "../../worker/upstream/sandbox/prng";
import { buildRegistration, type GeneratedRegistration } from "../../worker/upstream/sandbox/registration";
import { skeleton } from "../../worker/upstream/sandbox/skeleton";
import type { Certificate } from "../../worker/schemas/certificate";

export const REGISTER_TYPES = ["initial", "change", "extension", "cancellation", "objection"] as const;
export type CorpusRegisterType = (typeof REGISTER_TYPES)[number];

const COMPANIES = [
  "上海华信商贸有限公司",
  "杭州瑞丰物流有限公司",
  "深圳市恒通供应链管理有限公司",
  "苏州明远精密制造有限公司",
  "成都天成农业科技有限公司",
  "青岛海纳国际贸易有限公司",
  "武汉长城建材有限公司",
  "厦门星河电子有限公司",
];
const DIVISIONS = ["310115", "330106", "440305", "510107", "420103"];
const REGISTRATIONS_PER_SUBJECT = 60;
/** The registry caps a description at 4,000 characters. */
const MAX_DESCRIPTION = 4000;

const OBJECTION_CLAUSES = [
  "异议人认为，该登记所载财产中的部分应收账款已于登记前转让予异议人，登记内容与事实不符",
  "异议人主张对上述财产享有在先权利，相关合同及付款凭证已提交",
  "请求登记机构对该登记内容予以核实，在异议期间内相关当事人应审慎交易",
];

export interface Selection {
  registration: GeneratedRegistration;
  registerType: CorpusRegisterType;
  /** Target pages of the description: 1 as generated, 2 and 3 lengthened. */
  descriptionPages: 1 | 2 | 3;
}

function subjectFor(renderer: string, k: number, rng: Rng, seed: string): string {
  if (k % 4 === 1) return makeIdentityNumber(rng, rng.pick(DIVISIONS));
  const company = COMPANIES[(k + renderer.length) % COMPANIES.length] ?? "上海华信商贸有限公司";
  // Another seed: other subjects altogether, so other registrations and parties.
  return seed === "" ? company : `${company.replace(/有限公司$/, "")}${seed}有限公司`;
}

/** The first registration of the wanted type whose business type this renderer has not used yet. */
function find(subject: string, wanted: CorpusRegisterType, usedBusiness: Set<string>): number {
  const base = wanted === "objection" ? "change" : wanted;
  let fallback = -1;
  for (let i = 0; i < REGISTRATIONS_PER_SUBJECT; i++) {
    const sk = skeleton(subject, i, REGISTRATIONS_PER_SUBJECT);
    if (sk.registerType !== base) continue;
    if (!usedBusiness.has(sk.business.code)) return i;
    if (fallback < 0) fallback = i;
  }
  return Math.max(fallback, 0);
}

function lengthen(reg: GeneratedRegistration, pages: 1 | 2 | 3, rng: Rng): void {
  const c = reg.certificate;
  if (pages === 1 || c.propertyDescription === null) return;
  const target = pages === 2 ? rng.int(1500, 2100) : rng.int(3300, 3900);
  let text = c.propertyDescription.replace(/详见附件。?$/, "");
  const debtor = c.parties?.[0]?.name ?? reg.subject;
  while (text.length < target) {
    text += generateDescription(rng, c.businessTypeCode ?? "A00100", debtor, "上海东方汽车配件有限公司", "long").text;
  }
  c.propertyDescription = text.slice(0, Math.min(target, MAX_DESCRIPTION - 1)).replace(/[；，、]?$/, "。");
}

/** An objection against the registration: its statement replaces the property description. */
function asObjection(c: Certificate, rng: Rng): void {
  c.registerType = "objection";
  c.registrationDetails = null;
  const clauses = rng.shuffle([...OBJECTION_CLAUSES]);
  c.propertyDescription = `${clauses.join("；")}。原登记财产：${c.propertyDescription ?? ""}`;
  c.declaredAttachments = [];
}

/** `seed` "" is the committed corpus; any other seed chooses another corpus of the same shape. */
export function select(renderer: string, k: number, usedBusiness: Set<string>, allowObjection: boolean, seed = ""): Selection {
  const rng = seed === "" ? Rng.of("corpus", renderer, k) : Rng.of("corpus", seed, renderer, k);
  const offset = renderer.length % REGISTER_TYPES.length;
  let registerType = REGISTER_TYPES[(k + offset) % REGISTER_TYPES.length] ?? "initial";
  if (registerType === "objection" && !allowObjection) registerType = "change";
  const subject = subjectFor(renderer, k, rng, seed);
  const index = find(subject, registerType, usedBusiness);
  const registration = buildRegistration(subject, index, REGISTRATIONS_PER_SUBJECT);
  usedBusiness.add(registration.certificate.businessTypeCode ?? "");
  if (registerType === "objection") asObjection(registration.certificate, rng);
  const descriptionPages = ([1, 2, 3] as const)[k % 3] ?? 1;
  lengthen(registration, descriptionPages, rng);
  registration.description = { ...registration.description, text: registration.certificate.propertyDescription ?? "" };
  return { registration, registerType, descriptionPages };
}
