/**
 * @module What the pages that list and start tasks share: who started each (GET /creators), the
 * Idempotency-Key a form is drawn with, and the words task-create.js shows beside its forms (a refused
 * entry is named by its list and place and said in the page's language, never with the API's English
 * reason or its code).
 */
import type { CreatorsSchema } from "../../schemas/console-checks";
import type { z } from "zod";
import { defineMessages, type Lang } from "./i18n";
import { raw } from "hono/html";
import { readConsoleApi, type PageContext } from "./page-session";

/** The creator's label (an email, a key's prefix) of each task that has one on record. */
export async function creatorsOf(c: PageContext, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const read = await readConsoleApi<z.output<typeof CreatorsSchema>>(c, `/creators?ids=${ids.map(encodeURIComponent).join(",")}`);
  return read.ok ? new Map(read.data.items.map((item) => [item.id, item.createdBy.label])) : new Map();
}

const words = defineMessages(
  {
    "task.count": "{count} 条（最多 {max} 条）",
    "task.empty": "请至少填写一条。",
    "task.tooMany": "共 {count} 条，超过 {max} 条的上限：请分批提交，未作任何删减。",
    "error.QUERY_ALLOWANCE_INSUFFICIENT": "查询额度不足。",
    "error.CHECK_ALLOWANCE_INSUFFICIENT": "核查额度不足。",
    "error.CHECK_PLAN_REQUIRED": "当前套餐不含核查：需要专业版或企业版。",
    "error.SUBSCRIPTION_REQUIRED": "没有有效的订阅。",
    "error.INVALID_SUBJECT": "主体名称无效（长度或字符不符合要求）。",
    "error.VALIDATION_FAILED": "输入有误：发票号为 6 到 20 位数字，关键词不超过 200 个字符。",
    "line.subjects": "主体名称",
    "line.invoices": "发票号",
    "line.keywords": "关键词",
    "line.source": "查询结果",
    "line.entry": "{list}第 {n} 条“{value}”：{reason}",
    "line.field": "{list}：{reason}",
    "line.more": "另有 {count} 条同样需要修改。",
    "reason.subjects.OUT_OF_RANGE": "主体名称须为 2 到 100 个字符，此条有 {length} 个。",
    "reason.subjects.INVALID_SUBJECT": "看起来是身份证号，但不是有效的 18 位居民身份证号（出生日期或校验位不符；15 位号码、护照等证件不支持）。",
    "reason.invoices.any": "发票号须为 6 到 20 位数字（可含空格），不能含字母或其他符号。",
    "reason.keywords.OUT_OF_RANGE": "关键词最多 200 个字符，此条有 {length} 个。",
    "reason.REQUIRED": "不能为空。",
    "reason.other": "含有不能接受的内容（例如控制字符或不可见字符），请检查后重新输入。",
    "reason.source": "请选择一个已完成的查询。",
    "error.SOURCE_QUERY_NOT_FINISHED": "所选查询尚未完成。",
    "error.SOURCE_QUERY_UNUSABLE": "所选查询的结果不能用于核查。",
  },
  {
    "task.count": "{count} (up to {max})",
    "task.empty": "Enter at least one.",
    "task.tooMany": "{count} entered, over the limit of {max}: send them in parts. Nothing was removed.",
    "error.QUERY_ALLOWANCE_INSUFFICIENT": "Not enough query allowance.",
    "error.CHECK_ALLOWANCE_INSUFFICIENT": "Not enough check allowance.",
    "error.CHECK_PLAN_REQUIRED": "The plan has no checks: they need the professional or enterprise plan.",
    "error.SUBSCRIPTION_REQUIRED": "No subscription in force.",
    "error.INVALID_SUBJECT": "A subject name is not valid (its length or characters).",
    "error.VALIDATION_FAILED": "Something entered is not valid: an invoice number is 6 to 20 digits, a keyword up to 200 characters.",
    "line.subjects": "Subject names",
    "line.invoices": "Invoice numbers",
    "line.keywords": "Keywords",
    "line.source": "Query result",
    "line.entry": "{list}, entry {n} “{value}”: {reason}",
    "line.field": "{list}: {reason}",
    "line.more": "{count} more entries need the same change.",
    "reason.subjects.OUT_OF_RANGE": "a subject name has 2 to 100 characters; this one has {length}.",
    "reason.subjects.INVALID_SUBJECT":
      "it looks like an identity number but is not a valid 18-digit resident identity number (birth date or check digit; 15-digit numbers and passports are not supported).",
    "reason.invoices.any": "an invoice number is 6 to 20 digits (spaces allowed), without letters or other signs.",
    "reason.keywords.OUT_OF_RANGE": "a keyword has at most 200 characters; this one has {length}.",
    "reason.REQUIRED": "it must not be empty.",
    "reason.other": "it holds something that cannot be accepted (such as a control or invisible character); check it and type it again.",
    "reason.source": "choose a finished query.",
    "error.SOURCE_QUERY_NOT_FINISHED": "The chosen query has not finished.",
    "error.SOURCE_QUERY_UNUSABLE": "The chosen query's result cannot be used for a check.",
  },
);

/**
 * The form's Idempotency-Key, drawn with the page (console-api.md, Pages: "A form that creates a task
 * carries its Idempotency-Key from the moment the page was drawn"): task-create.js keeps it in the
 * page's history entry, so Back and send again is the same request, not a second task and charge.
 */
export function idempotencyKeyField(): ReturnType<typeof raw> {
  return raw(`data-idempotency-key="${crypto.randomUUID()}"`);
}

export function taskFormText(lang: Lang): Readonly<Record<string, string>> {
  return words(lang);
}
