/**
 * @module Amounts as certificates print them: thousands separators, and the capital-numeral wording of
 * Chinese financial documents ("1,000,000.00（人民币壹佰万元整）"), which the registry prints beside the
 * number on some certificates.
 */

const DIGITS = "零壹贰叁肆伍陆柒捌玖";
const PLACES = ["", "拾", "佰", "仟"];
const GROUPS = ["", "万", "亿", "万亿"];

/** "1234567.80" → "1,234,567.80". */
export function withSeparators(decimal: string): string {
  const [whole = "0", fraction] = decimal.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** One group of up to four digits ("0305" → "零叁佰零伍"), without a leading zero mark. */
function group(digits: string): string {
  let out = "";
  let zero = false;
  [...digits.padStart(4, "0")].forEach((d, k) => {
    if (d === "0") {
      zero = out !== "";
      return;
    }
    out += `${zero ? "零" : ""}${DIGITS[Number(d)]}${PLACES[3 - k]}`;
    zero = false;
  });
  return out;
}

/** Capital numerals of a decimal amount: 1000000.00 → 壹佰万元整, 1204.50 → 壹仟贰佰零肆元伍角. */
export function capitalNumerals(decimal: string): string {
  const [whole = "0", fraction = ""] = decimal.split(".");
  const groups: string[] = [];
  for (let end = whole.length; end > 0; end -= 4) groups.unshift(whole.slice(Math.max(0, end - 4), end));
  let words = "";
  groups.forEach((g, k) => {
    const place = GROUPS[groups.length - 1 - k] ?? "";
    const spoken = group(g);
    if (spoken === "") {
      if (words !== "" && !words.endsWith("零")) words += "零";
      return;
    }
    // A group below a thousand after a spoken group is read with a zero: 壹万零伍佰.
    if (words !== "" && !words.endsWith("零") && g.padStart(4, "0").startsWith("0")) words += "零";
    words += `${spoken}${place}`;
  });
  words = words.replace(/零+$/, "") || "零";
  const jiao = Number(fraction.charAt(0) || "0");
  const fen = Number(fraction.charAt(1) || "0");
  if (jiao === 0 && fen === 0) return `${words}元整`;
  const tail = `${jiao ? `${DIGITS[jiao]}角` : "零"}${fen ? `${DIGITS[fen]}分` : ""}`;
  return `${words}元${tail}`;
}
