/**
 * @module How one generated certificate is printed: the layout variants the parser must survive
 * (certificate-format.md, "Variants"), chosen per registration by its own seed.
 */
import { LABELS, type FieldKey } from "../../domain/certificate/labels";
import { BUSINESS_TYPES, ISSUERS } from "../../domain/certificate/vocabulary";
import type { Certificate } from "../../schemas/certificate";
import { embeddedFontCovers } from "../../pdf/fonts";
import { Rng } from "./prng";

export interface RenderStyle {
  colon: "：" | ":";
  /** Header labels justified with spaces ("登 记 时 间"). */
  spacedLabels: boolean;
  /** Short values drawn as a separate text run after a gap, with no colon. */
  separateRuns: boolean;
  /** Some labels alone on their line, the value on the next one. */
  valueOnNextLine: boolean;
  /** 登记证明编号 printed in groups of 4 digits. */
  groupedNumber: boolean;
  /** The issuer's name drawn diagonally across each page. */
  watermark: boolean;
  issuer: string;
  /** Print a 登记类型 line (otherwise only the title says the type). */
  printRegisterType: boolean;
  /** embedded: Noto Sans SC subset in the file; stsong: STSong-Light, not embedded, UniGB-UCS2-H. */
  font: "embedded" | "stsong";
  descriptionLabel: string;
  /** Seed for picking label synonyms. */
  labelSeed: number;
}

/** Every text a certificate prints that does not come from the generator's own vocabulary. */
function foreignText(certificate: Certificate): string {
  return (certificate.parties ?? []).map((p) => p.name ?? "").join("");
}

export function styleFor(subject: string, index: number, certificate: Certificate): RenderStyle {
  const rng = Rng.of(subject, "style", index);
  const business = BUSINESS_TYPES.find((b) => b.code === certificate.businessTypeCode);
  const font = rng.chance(0.15) || !embeddedFontCovers(foreignText(certificate)) ? "stsong" : "embedded";
  return {
    colon: rng.chance(0.15) ? ":" : "：",
    spacedLabels: rng.chance(0.12),
    separateRuns: rng.chance(0.12),
    valueOnNextLine: rng.chance(0.1),
    groupedNumber: rng.chance(0.15),
    watermark: rng.chance(0.2),
    issuer: rng.pick(ISSUERS),
    printRegisterType: rng.chance(0.6),
    font,
    descriptionLabel: rng.chance(0.2) ? "财产描述" : (business?.descriptionLabel ?? "财产描述"),
    labelSeed: rng.int(0, 1_000_000),
  };
}

/** The label printed for a field: mostly the first variant, sometimes a synonym. */
export function labelFor(style: RenderStyle, field: FieldKey): string {
  const variants = LABELS[field];
  const rng = Rng.of(style.labelSeed, field);
  return rng.chance(0.7) ? (variants[0] ?? field) : rng.pick(variants);
}
