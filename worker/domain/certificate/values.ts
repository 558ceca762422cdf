/**
 * @module Reading printed values into the open API's forms: ISO dates and times (+08:00 for Beijing time),
 * decimal strings without thousands separators, currency and party-type codes, month counts. Each reader
 * returns null when the text cannot be read; the caller records the raw text in a ParseIssue.
 */
import { CORPORATION_SCALES, CURRENCIES, INDUSTRIES, PARTY_TYPES, REGISTER_TYPES } from "./vocabulary";

const FULL_WIDTH_DIGIT = /[０-９]/g;

/** Full-width digits to ASCII: some certificates print numbers in full-width forms. */
export function asciiDigits(text: string): string {
  return text.replace(FULL_WIDTH_DIGIT, (d) => String.fromCharCode(d.charCodeAt(0) - 0xff10 + 0x30));
}

const pad = (n: string) => n.padStart(2, "0");

/** yyyy-MM-dd from "2023-05-20", "2023/5/20", "2023年5月20日", "2023.05.20". */
export function readDate(text: string): string | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(asciiDigits(text).trim());
  return m ? `${m[1]}-${pad(m[2] ?? "")}-${pad(m[3] ?? "")}` : null;
}

/** ISO 8601 with +08:00 from Beijing wall time "yyyy-MM-dd HH:mm:ss" (and its 年月日时分秒 spelling). */
export function readTime(text: string): string | null {
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*(\d{1,2})\s*[:时]\s*(\d{1,2})\s*[:分]\s*(\d{1,2})\s*秒?$/.exec(
    asciiDigits(text).trim(),
  );
  if (!m) return null;
  return `${m[1]}-${pad(m[2] ?? "")}-${pad(m[3] ?? "")}T${pad(m[4] ?? "")}:${pad(m[5] ?? "")}:${pad(m[6] ?? "")}+08:00`;
}

/** The amount in capital (or plain) Chinese numerals, "人民币壹佰万元整" → "1000000.00"; null when not one. */
export function readChineseAmount(text: string): string | null {
  const t = text
    .replace(/^[（(]|[)）]$/g, "")
    .replace(/^(人民币|美元|欧元|英镑|日元|港元|港币)/, "")
    .replace(/[整正\s]/g, "");
  if (!/^[零壹贰叁肆伍陆柒捌玖〇一二三四五六七八九两拾佰仟十百千万亿元圆角分]+$/.test(t) || !/[元圆角分]/.test(t)) return null;
  const DIGITS = "零壹贰叁肆伍陆柒捌玖";
  const PLAIN = "〇一二三四五六七八九";
  const UNITS: Record<string, number> = { 拾: 10, 十: 10, 佰: 100, 百: 100, 仟: 1000, 千: 1000 };
  let cents = 0;
  let section = 0;
  let digit = 0;
  let big = 0;
  for (const ch of t) {
    const d = DIGITS.indexOf(ch) >= 0 ? DIGITS.indexOf(ch) : PLAIN.indexOf(ch) >= 0 ? PLAIN.indexOf(ch) : ch === "两" ? 2 : -1;
    if (d >= 0) digit = d;
    else if (UNITS[ch]) {
      section += (digit || 1) * (UNITS[ch] ?? 1);
      digit = 0;
    } else if (ch === "万" || ch === "亿") {
      const scale = ch === "万" ? 1e4 : 1e8;
      if (ch === "亿") big = (big + section + digit) * scale;
      else big += (section + digit) * scale;
      section = 0;
      digit = 0;
    } else if (ch === "元" || ch === "圆") {
      cents += (big + section + digit) * 100;
      big = 0;
      section = 0;
      digit = 0;
    } else if (ch === "角") {
      cents += digit * 10;
      digit = 0;
    } else if (ch === "分") {
      cents += digit;
      digit = 0;
    }
  }
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * "189,496.66 元", "人民币 1,000,000.00", "1,000,000.00（人民币壹佰万元整）" → "189496.66", "1000000.00":
 * the figures when printed (capital numerals alone are read too). `words` is the capital amount printed
 * beside the figures, for the caller to compare.
 */
export function readAmountParts(text: string): { amount: string | null; words: string | null } {
  const m = /^(.*?)[（(]([^（()）]*)[)）]\s*$/.exec(text.trim());
  const figures = m ? (m[1] ?? "") : text;
  const words = m ? readChineseAmount(m[2] ?? "") : null;
  const cleaned = asciiDigits(figures)
    .replace(/[,，\s]/g, "")
    .replace(/^(人民币|CNY|RMB|￥|¥)/, "")
    .replace(/(万?元|圆)$/, "");
  if (/^\d+(\.\d+)?$/.test(cleaned)) return { amount: cleaned, words };
  return { amount: readChineseAmount(figures) ?? (cleaned === "" ? words : null), words };
}

export function readAmount(text: string): string | null {
  return readAmountParts(text).amount;
}

/** True when figures and capital numerals name different sums. */
export function amountsDisagree(amount: string, words: string): boolean {
  return Math.round(Number(amount) * 100) !== Math.round(Number(words) * 100);
}

export function readCurrency(text: string): string | null {
  const t = text.trim().toUpperCase();
  return CURRENCIES.find((c) => c.words.some((w) => w.toUpperCase() === t))?.code ?? null;
}

/** "12个月", "12", "12 月" → 12; "2年" → 24, "1年6个月" → 18: within the registry's 1 to 360. */
export function readMonths(text: string): number | null {
  const m = /^(?:(\d{1,2})\s*年)?\s*(?:(\d{1,3})\s*(个月|月)?)?$/.exec(asciiDigits(text).trim());
  if (!m || (m[1] === undefined && m[2] === undefined) || (m[1] !== undefined && m[2] !== undefined && m[3] === undefined)) return null;
  const n = Number(m[1] ?? 0) * 12 + Number(m[2] ?? 0);
  return n >= 1 && n <= 360 ? n : null;
}

/**
 * An identifier printed in groups for legibility ("9144 0106 9766 5246 5M", "WY6537 1280 4083") is one
 * token: the spaces go. Text with longer words between the spaces is left as printed.
 */
export function readCode(text: string): string {
  const t = text.trim();
  return /^[0-9A-Za-z-]{1,8}(?:\s+[0-9A-Za-z-]{1,8})+$/.test(t) ? t.replace(/\s+/g, "") : t;
}

/** An identifier of a known shape (a credit code, an identity number) printed with spaces anywhere in it. */
export function readShapedCode(text: string, shape: RegExp): string {
  const joined = text.replace(/\s+/g, "");
  return shape.test(joined) ? joined : readCode(text);
}

const CJK = "\\u3400-\\u9fff\\uf900-\\ufaff（），、；：";
const SPACE_BY_CJK = new RegExp(`(?<=[${CJK}])\\s+|\\s+(?=[${CJK}])`, "g");

/**
 * A name or address without the spaces a renderer's runs put beside Chinese characters ("制造 777 有限公司":
 * digits set in another font, a gap on each side). Spaces between Latin words stay ("ABC Trading Co").
 */
export function readName(text: string): string {
  return text.replace(SPACE_BY_CJK, "").trim();
}

/** 20 digits, possibly printed in groups of 4. */
export function readCertificateNumber(text: string): string | null {
  const digits = asciiDigits(text).replace(/\s/g, "");
  return /^\d{20}$/.test(digits) ? digits : null;
}

export function readRegisterType(text: string): string | null {
  const t = text.replace(/\s/g, "");
  return REGISTER_TYPES.find((r) => t === r.description || t === r.description.replace("登记", "") || t === r.code)?.code ?? null;
}

/** The register type a title names ("动产和权利担保统一登记 初始登记证明"). */
export function registerTypeOfTitle(line: string): string | null {
  const t = line.replace(/\s/g, "");
  const system = SYSTEM_TITLE.exec(t);
  if (system) return REGISTER_TYPES.find((r) => r.description === (system[1] ?? system[2]))?.code ?? null;
  if (!t.includes("证明")) return null;
  return REGISTER_TYPES.find((r) => t.includes(`${r.description}证明`))?.code ?? null;
}

/**
 * The registry's own titles name the system, then the register type after a dash: "动产权属统一登记—初始登记"
 * (before 2021), "动产和权利担保统一登记—变更登记" (after), with or without 证明, or the type in brackets after
 * the system's name ("动产和权利担保统一登记证明（变更登记）").
 */
const SYSTEM_TITLE =
  /^[\u4e00-\u9fff]{2,12}统一登记(?:证明)?(?:[—–\-－―─·:：]?((?:初始|变更|展期|注销|异议)登记)(?:证明)?|[（(]((?:初始|变更|展期|注销|异议)登记)[)）])$/;

export function readPartyType(text: string): { code: string; description: string } | null {
  const t = text.trim();
  const found = PARTY_TYPES.find((p) => p.description === t || p.code === t);
  return found ? { code: found.code, description: found.description } : null;
}

export function readScale(text: string): string | null {
  const t = text.trim();
  return CORPORATION_SCALES.find((s) => s.description === t || s.code === t || `${s.description}企业` === t)?.code ?? null;
}

/** A GB/T 4754 section letter from "C", "C 制造业", "制造业", or 9999. */
export function readIndustry(text: string): string | null {
  const t = text.trim();
  if (/^9999/.test(t)) return "9999";
  const letter = /^([A-T])(?![A-Za-z])/.exec(t);
  if (letter) return letter[1] ?? null;
  return INDUSTRIES.find((i) => t.includes(i.description))?.code ?? null;
}

/** "是" / "否" and their spellings. */
export function readYesNo(text: string): boolean | null {
  const t = text.trim();
  if (/^(是|已登记|有|Y|YES)$/i.test(t)) return true;
  if (/^(否|未登记|无|N|NO)$/i.test(t)) return false;
  return null;
}

/** "2023-05-20 至 2024-05-19" (至, -, ～, ~) → start and end dates. */
export function readPeriod(text: string): { start: string | null; end: string | null } {
  const parts = asciiDigits(text).split(/\s*(?:至|～|~|—|--)\s*|\s+-\s+/);
  if (parts.length !== 2) return { start: null, end: null };
  return { start: readDate(parts[0] ?? ""), end: readDate(parts[1] ?? "") };
}
