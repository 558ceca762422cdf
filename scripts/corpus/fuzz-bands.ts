/**
 * @module The rows of a fuzzed certificate (fuzz-case.ts) as bands a layout sets: headings, rows of one
 * or two label/value pairs, and the long description. Each band that prints a checked field writes it
 * into the truth as a reader states it (registerTime with its offset, amounts as decimals, months as a
 * number); a value printed empty writes "" (nothing may be read there).
 */
import type { FieldValues } from "../../test/corpus/fields";
import { normalizeText } from "../../worker/domain/text/normalize";
import type { Rng } from "../../worker/upstream/sandbox/prng";
import type { FuzzKnobs, FuzzParty } from "./fuzz-knobs";
import { DETAIL_HEADINGS, type FuzzBusiness, LABELS, MID_ROW_TEXTS, ROLE_HEADINGS, SECTIONS, UNKNOWN_AMOUNT_LABELS } from "./fuzz-vocabulary";

export interface Pair {
  label: string;
  value: string;
  /** Printed letter-spaced ("主 合 同 币 种"). */
  spaced?: boolean;
  /** Text the page prints mid-row between the label and its value (MID_ROW_TEXTS's index): the row is set alone. */
  between?: number;
}

export type Band =
  | { kind: "heading"; text: string }
  | { kind: "note"; text: string }
  | { kind: "pairs"; pairs: Pair[] }
  /** The description: its text, then a table of invoice codes and numbers (cells set apart by wide gaps). */
  | { kind: "long"; label: string; text: string; table: string[][]; endMark?: EndMark };

/** Where the description's cell keeps the end mark ＜完＞: a run after its last line, a line of its own, glued to the last character. */
export type EndMark = "run" | "line" | "glued";

export interface BandContext {
  rng: Rng;
  knobs: FuzzKnobs;
  business: FuzzBusiness;
  truth: FieldValues;
  description: { text: string; table: string[][] };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Short pairs two to a row when the layout sets two, a long value alone. */
function rows(pairs: Pair[], perRow: number): Band[] {
  const out: Band[] = [];
  let pending: Pair[] = [];
  for (const pair of pairs) {
    if (pair.value.length > 16 || perRow === 1 || pair.between !== undefined) {
      if (pending.length) out.push({ kind: "pairs", pairs: pending });
      pending = [];
      out.push({ kind: "pairs", pairs: [pair] });
      continue;
    }
    pending.push(pair);
    if (pending.length === perRow) {
      out.push({ kind: "pairs", pairs: pending });
      pending = [];
    }
  }
  if (pending.length) out.push({ kind: "pairs", pairs: pending });
  return out;
}

/** The registration's rows before the parties ("head") or after them ("tail": contract, description, the type's own block). */
export function registrationBands(c: BandContext, part: "head" | "tail"): Band[] {
  const { rng, knobs, truth } = c;
  const labels = LABELS[knobs.era];
  const perRow = knobs.geometry.pairsPerRow;
  const pairs: Pair[] = [];
  const bands: Band[] = [];
  if (part === "head") {
    const year = rng.int(2017, 2025);
    const [month, day] = [rng.int(1, 12), rng.int(1, 28)];
    const time = `${pad(rng.int(8, 18))}:${pad(rng.int(0, 59))}:${pad(rng.int(0, 59))}`;
    const date = `${year}-${pad(month)}-${pad(day)}`;
    const months = rng.pick([6, 12, 24, 36, 60]);
    const expiry = new Date(Date.UTC(year, month - 1 + months, day - 1)).toISOString().slice(0, 10);
    truth.registerTime = `${date}T${time}+08:00`;
    truth.registrationMonths = String(months);
    truth.expiresAt = expiry;
    if (knobs.era === "pre-2021") bands.push({ kind: "note", text: `本登记为${c.business.description}业务登记。` });
    bands.push({ kind: "heading", text: rng.pick(SECTIONS.registration) });
    pairs.push({ label: rng.pick(labels.registerTime), value: `${date} ${time}` });
    if (knobs.registerType !== "initial") pairs.push({ label: rng.pick(labels.initialNumber), value: truth.initialCertificateNumber ?? "" });
    const monthsLabel = rng.pick(labels.months);
    const monthsValue = monthsLabel.includes("月")
      ? String(months)
      : knobs.era === "pre-2021" && months % 12 === 0
        ? `${months / 12}年`
        : `${months}个月`;
    pairs.push({ label: monthsLabel, value: monthsValue }, { label: rng.pick(labels.expiresAt), value: expiry });
    pairs.push({ label: rng.pick(labels.businessType), value: c.business.description });
    truth.businessTypeCode = c.business.code;
    const preparer = rng.pick(["深圳市前海一方商业保理有限公司", "北京中登信息技术服务有限公司", "张伟"]);
    pairs.push({ label: rng.pick(labels.preparerName), value: preparer });
    truth["preparer.name"] = preparer;
    if (knobs.emptyValues) pairs.push({ label: "填表人归档号", value: "" });
    return [...bands, ...rows(pairs, perRow)];
  }
  bands.push({ kind: "heading", text: rng.pick(SECTIONS.property) });
  const contract = `${rng.pick(["HT", "RZ", "BL"])}${rng.int(2017, 2025)}${rng.digits(6)}`;
  const amount = `${rng.int(1, 99)},${rng.digits(3)},${rng.digits(3)}.${rng.digits(2)}`;
  truth.mainContractNumber = contract;
  truth.mainContractAmount = amount.replace(/,/g, "");
  pairs.push({ label: rng.pick(labels.mainContractNumber), value: contract });
  if (knobs.trap === "look-alike") pairs.push(...lookAlikeAmounts(c, amount));
  else pairs.push({ label: rng.pick(labels.mainContractAmount), value: rng.chance(0.5) ? `${amount}元` : amount });
  if (knobs.trap === "spaced-split") {
    pairs.push({ label: "主合同币种", value: "人民币", spaced: true, between: rng.int(0, MID_ROW_TEXTS.length - 1) });
    truth.mainContractCurrency = "CNY";
    // Other labels of the block letter-spaced too, as a form that spaces every label.
    for (const p of pairs) if (rng.chance(0.5)) p.spaced = true;
  }
  if (knobs.emptyValues) {
    pairs.push({ label: "担保合同号码", value: "" });
    truth.securityContractNumber = "";
  }
  bands.push(...rows(pairs, perRow));
  const label = knobs.registerType === "objection" ? (labels.objection[0] ?? "异议登记陈述") : c.business.descriptionLabel;
  const endMark = knobs.trap === "end-mark-table" ? rng.pick(["run", "line", "glued"] as const) : undefined;
  bands.push({ kind: "long", label, text: c.description.text, table: c.description.table, ...(endMark ? { endMark } : {}) });
  // As the page text serves it: the one normalisation folds the full-width forms the sandbox prints (～ of a range).
  truth.propertyDescription = normalizeText(c.description.text + c.description.table.flat().join(""));
  if (knobs.registerType === "initial" || knobs.registerType === "objection") return bands;
  bands.push({ kind: "heading", text: rng.pick(DETAIL_HEADINGS[knobs.registerType]) });
  if (knobs.registerType === "change") {
    const text = rng.pick(["更正出质人住所信息", "增加质押财产：新增应收账款及对应发票", "变更担保权人名称为新的名称"]);
    bands.push({ kind: "pairs", pairs: [{ label: rng.pick(labels.changeDescription), value: text }] });
    truth.changeDescription = text;
  } else if (knobs.registerType === "extension") {
    const months = rng.pick([6, 12, 24]);
    const label = rng.pick(labels.extensionMonths);
    bands.push({ kind: "pairs", pairs: [{ label, value: label.includes("月") ? String(months) : `${months}个月` }] });
    truth.extensionMonths = String(months);
  } else {
    const text = rng.pick(["主债权消灭", "担保权实现", "担保权人放弃登记载明的担保物权"]);
    bands.push({ kind: "pairs", pairs: [{ label: rng.pick(labels.cancellationReason), value: text }] });
    truth.cancellationReason = text;
  }
  return bands;
}

/** An amount as a certificate prints it: "12,345,678.90", sometimes with 元. */
function printedAmount(rng: Rng): string {
  const amount = `${rng.int(1, 99)},${rng.digits(3)},${rng.digits(3)}.${rng.digits(2)}`;
  return rng.chance(0.5) ? `${amount}元` : amount;
}

const asDecimal = (printed: string) => printed.replace(/[,元]/g, "");

/**
 * 主合同金额 among amounts of its kind (issue 39): 融资金额 (a label the reader knows for the same field)
 * printed just above it, an amount under a label the reader does not know, 最高债权额 and 担保财产价值 with
 * their own values; 主合同金额 itself sometimes printed empty, when no 融资金额 stands above it.
 */
function lookAlikeAmounts(c: BandContext, amount: string): Pair[] {
  const { rng, truth } = c;
  const empty = rng.chance(0.3);
  const main: Pair = { label: "主合同金额", value: empty ? "" : rng.chance(0.5) ? `${amount}元` : amount };
  if (empty) truth.mainContractAmount = "";
  const unknown: Pair = { label: rng.pick(UNKNOWN_AMOUNT_LABELS), value: printedAmount(rng) };
  const out: Pair[] = rng.chance(0.5) ? [unknown, main] : [main, unknown];
  if (!empty && rng.chance(0.6)) out.splice(out.indexOf(main), 0, { label: "融资金额", value: printedAmount(rng) });
  if (rng.chance(0.5)) {
    const value = printedAmount(rng);
    out.push({ label: "最高债权额", value });
    truth.maximumClaimAmount = asDecimal(value);
  }
  if (rng.chance(0.5)) {
    const value = printedAmount(rng);
    out.splice(rng.int(0, out.length), 0, { label: "担保财产价值", value });
    truth.propertyValue = asDecimal(value);
  }
  return out;
}

/** The label of a party's identifier row, by era and kind. */
function identifierLabel(c: BandContext, p: FuzzParty): string {
  const labels = LABELS[c.knobs.era];
  if (p.kind === "person") return c.rng.pick(labels.identityNumber);
  if (p.kind === "foreign") return c.rng.pick(labels.lei);
  return c.rng.pick(labels.creditCode);
}

/** Rows without a checked field, with values that must not glue onto their neighbours. */
function uncheckedPairs(c: BandContext, p: FuzzParty): Pair[] {
  const values: Record<string, string> = {
    国家或地区: p.kind === "foreign" ? "新加坡" : "中国",
    证件类型: p.kind === "person" ? "居民身份证" : p.kind === "foreign" ? "全球法人机构识别编码" : "统一社会信用代码",
    负责人或法定代表人: c.knobs.emptyValues ? "" : "王建国",
    "法定代表人/负责人": c.knobs.emptyValues ? "" : "李明",
    联系人及电话: `021-${c.rng.digits(8)}`,
    邮政编码: `2${c.rng.digits(5)}`,
    住所: `上海市浦东新区世纪大道${c.rng.int(1, 999)}号`,
    所属行业: "制造业",
    企业规模: "小型",
  };
  const pool = LABELS[c.knobs.era].unchecked.filter((l) => l in values);
  return c.rng
    .shuffle([...pool])
    .slice(0, c.rng.int(1, 3))
    .map((label) => ({ label, value: values[label] ?? "" }));
}

/** A side's parties under its role heading: once for the side, or numbered for each party. */
export function partyBands(c: BandContext, parties: FuzzParty[], role: string): Band[] {
  const heading = c.rng.pick(ROLE_HEADINGS);
  const numbered = heading(role, 1) !== heading(role, 2);
  const labels = LABELS[c.knobs.era];
  const bands: Band[] = [];
  parties.forEach((p, k) => {
    if (k === 0 || numbered) bands.push({ kind: "heading", text: heading(role, k + 1) });
    const pairs: Pair[] = [
      { label: c.rng.pick(labels.partyName), value: p.name },
      { label: c.rng.pick(labels.partyType), value: p.typeWord },
      { label: identifierLabel(c, p), value: p.identifier },
    ];
    // The registry's old form prints a company's code twice, under two wrapped labels side by side.
    if (c.knobs.era === "pre-2021" && (p.kind === "company" || p.kind === "bank") && c.rng.chance(0.5))
      pairs.push({ label: "工商注册号/统一社会信用代码", value: p.identifier });
    bands.push(...rows([...pairs, ...uncheckedPairs(c, p)], c.knobs.geometry.pairsPerRow));
  });
  return bands;
}
