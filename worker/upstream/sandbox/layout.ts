/**
 * @module The certificate layout of certificate-format.md, from a generated registration: title,
 * registration facts, one block per party headed by its role, the property block with its description,
 * declared attachments, original registration, change / extension / cancellation facts, preparer, "<完>".
 * Returns the page drawings and the page texts and description spans a correct extractor and parser
 * must reproduce.
 */
import type { FieldKey } from "../../domain/certificate/labels";
import { BUSINESS_TYPES, CORPORATION_SCALES, CURRENCIES, INDUSTRIES } from "../../domain/certificate/vocabulary";
import type { PageDrawing } from "../../pdf/drawing";
import { A4, textWidth } from "../../pdf/drawing";
import type { PropertySpan } from "../../schemas/certificate";
import { BODY_SIZE, CONTENT_WIDTH, MARGIN_X, PageBuilder, wrap } from "./page-builder";
import type { GeneratedRegistration } from "./registration";
import { registerTypeDescription } from "./registration";
import { labelFor, type RenderStyle } from "./style";

export interface CertificateLayout {
  drawings: PageDrawing[];
  pageTexts: string[];
  descriptionSpans: PropertySpan[];
}

class CertificateWriter {
  readonly pages = new PageBuilder();
  constructor(private readonly style: RenderStyle) {}

  heading(text: string): void {
    this.pages.gap();
    this.pages.line([{ text, x: MARGIN_X }]);
  }

  /** "label：value" in one of the style's variants; long values wrap onto following lines. */
  field(label: string, value: string | null, opts: { spaced?: boolean; description?: boolean } = {}): void {
    if (value === null) return;
    const { style } = this;
    const printed = opts.spaced && style.spacedLabels ? [...label].join(" ") : label;
    const fitsOneLine = textWidth(`${printed}${style.colon}${value}`, BODY_SIZE) <= CONTENT_WIDTH;
    if (style.separateRuns && fitsOneLine && !opts.description) {
      this.pages.line([
        { text: printed, x: MARGIN_X },
        { text: value, x: MARGIN_X + textWidth(printed, BODY_SIZE) + 2 * BODY_SIZE },
      ]);
      return;
    }
    const ownLine = style.valueOnNextLine && (opts.description || label.length % 2 === 0);
    const head = ownLine ? "" : `${printed}${style.colon}`;
    if (ownLine) this.pages.line([{ text: `${printed}${style.colon}`, x: MARGIN_X }]);
    const pieces = wrap(value, CONTENT_WIDTH - textWidth(head, BODY_SIZE), CONTENT_WIDTH, BODY_SIZE);
    pieces.forEach((piece, i) => {
      const text = i === 0 ? `${head}${piece}` : piece;
      const description = opts.description ? { start: i === 0 ? head.length : 0, end: text.length } : undefined;
      this.pages.line([{ text, x: MARGIN_X }], { description });
    });
  }

  labelled(field: FieldKey, value: string | null, spaced = false): void {
    this.field(labelFor(this.style, field), value, { spaced });
  }
}

function currencyWord(code: string | null, useCode: boolean): string | null {
  if (code === null) return null;
  const c = CURRENCIES.find((x) => x.code === code);
  return useCode || !c ? code : (c.words[0] ?? code);
}

function grouped(n: string): string {
  return n.replace(/(\d{4})(?=\d)/g, "$1 ");
}

function amountText(decimal: string | null, withUnit: boolean): string | null {
  if (decimal === null) return null;
  const printed = decimal.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ",");
  return withUnit ? `${printed} 元` : printed;
}

export function layoutCertificate(reg: GeneratedRegistration): CertificateLayout {
  const { certificate: c, style } = reg;
  const w = new CertificateWriter(style);
  const title = `动产和权利担保统一登记 ${registerTypeDescription(c.registerType ?? "")}证明`;
  w.pages.line([{ text: title, x: (A4.width - textWidth(title, 16)) / 2 }], { size: 16 });
  const number = c.certificateNumber ?? "";
  w.field("登记证明编号", style.groupedNumber ? grouped(number) : number, { spaced: true });
  if (style.printRegisterType) w.labelled("registerType", registerTypeDescription(c.registerType ?? ""), true);
  if (c.registerType !== "initial") w.labelled("initialCertificateNumber", c.initialCertificateNumber);
  w.labelled("registerTime", c.registerTime && c.registerTime.slice(0, 19).replace("T", " "), true);
  const monthsLabel = labelFor(style, "registrationMonths");
  const months = c.registrationMonths === null ? null : monthsLabel.includes("月") ? String(c.registrationMonths) : `${c.registrationMonths}个月`;
  w.field(monthsLabel, months, { spaced: true });
  w.labelled("expiresAt", c.expiresAt, true);
  w.labelled("businessType", c.businessTypeDescription, true);
  w.labelled("leaseBusinessType", c.leaseBusinessType);
  w.labelled("securityType", c.securityType);
  w.labelled("securedScope", c.securedScope);

  const business = BUSINESS_TYPES.find((b) => b.code === c.businessTypeCode) ?? BUSINESS_TYPES[0];
  reg.parties.forEach((gp) => {
    const p = gp.party;
    const d = p.details;
    w.heading(p.role === "debtor" ? (business?.roles[0] ?? "担保人") : (business?.roles[1] ?? "担保权人"));
    w.labelled("party.type", d?.typeDescription ?? null);
    w.field(p.typeCode === "04" ? "姓名" : "名称", p.name);
    if (gp.unclassifiedLabel) w.field(gp.unclassifiedLabel, d?.unclassifiedIdentifiers[0]?.value ?? null);
    w.labelled("party.creditCode", p.unifiedSocialCreditCode);
    w.labelled("party.organizationCode", d?.organizationCode ?? null);
    w.labelled("party.businessRegistrationNumber", d?.businessRegistrationNumber ?? null);
    w.labelled("party.financialInstitutionCode", p.financialInstitutionCode);
    w.labelled("party.lei", d?.lei ?? null);
    w.labelled("party.certificateType", d?.certificateType ?? null);
    w.labelled("party.identityNumber", p.personalIdentityNumber);
    w.labelled("party.legalRepresentative", d?.legalRepresentative ?? null);
    const industry = d?.industryCode ?? null;
    w.labelled("party.industry", industry && !gp.industryAsCode ? (INDUSTRIES.find((i) => i.code === industry)?.description ?? industry) : industry);
    w.labelled("party.scale", CORPORATION_SCALES.find((s) => s.code === d?.corporationScale)?.description ?? null);
    w.labelled("party.nationality", d?.nationality ?? null);
    w.labelled("party.province", d?.province ?? null);
    w.labelled("party.city", d?.city ?? null);
    w.labelled("party.address", d?.address ?? null);
  });

  w.heading("财产信息");
  const codes = style.labelSeed % 3 === 0;
  w.labelled("mainContractNumber", c.mainContractNumber);
  w.labelled("mainContractAmount", amountText(c.mainContractAmount, style.labelSeed % 2 === 0));
  w.labelled("mainContractCurrency", currencyWord(c.mainContractCurrency, codes));
  w.labelled("maximumClaimAmount", amountText(c.maximumClaimAmount, false));
  w.labelled("maximumClaimCurrency", currencyWord(c.maximumClaimCurrency, codes));
  w.labelled("securityContractNumber", c.securityContractNumber);
  w.labelled("performancePeriod", c.performancePeriodText);
  w.labelled("propertyValue", amountText(c.propertyValue, false));
  w.labelled("propertyValueCurrency", currencyWord(c.propertyValueCurrency, codes));
  w.labelled("propertyUniqueCode", c.propertyUniqueCode);
  w.field(style.descriptionLabel, c.propertyDescription, { description: true });
  for (const a of c.declaredAttachments ?? []) w.field(style.labelSeed % 2 === 0 ? "财产附件" : "附件", a.fileName);

  const o = c.originalRegistration;
  if (o) {
    w.heading("原登记信息");
    w.labelled("original.registered", o.registered === null ? null : o.registered ? "是" : "否");
    w.labelled("original.department", o.department);
    w.labelled("original.number", o.number);
    w.labelled("original.date", o.date);
    w.labelled("original.description", o.description);
  }
  const r = c.registrationDetails;
  if (r?.changeDescription) {
    w.heading("变更信息");
    w.labelled("details.changeDescription", r.changeDescription);
  }
  if (r?.extensionMonths) {
    w.heading("展期信息");
    w.labelled("details.extensionMonths", `${r.extensionMonths}个月`);
  }
  if (r?.cancellationReason) {
    w.heading("注销信息");
    w.labelled("details.cancellationReason", r.cancellationReason);
  }
  const p = c.preparer;
  if (p) {
    w.heading("填表人信息");
    w.labelled("preparer.name", p.name);
    w.labelled("preparer.certificateType", p.certificateType);
    w.labelled("preparer.certificateNumber", p.certificateNumber);
    w.labelled("preparer.address", p.address);
    w.labelled("preparer.archiveNumber", p.archiveNumber);
    w.labelled("preparer.authorizedPerson", p.authorizedPerson);
  }
  w.pages.gap();
  w.pages.line([{ text: "<完>", x: A4.width / 2 - 12 }]);
  const done = w.pages.finish(number, style.issuer, style.watermark);
  return { drawings: done.drawings, pageTexts: done.texts, descriptionSpans: done.descriptionSpans };
}
