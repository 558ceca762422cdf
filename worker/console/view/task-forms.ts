/**
 * @module What the pages that list and start tasks share: who started each (GET /creators) and the
 * words task-create.js shows beside its forms.
 */
import type { CreatorsSchema } from "../../schemas/console-checks";
import type { z } from "zod";
import { defineMessages, type Lang } from "./i18n";
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
    "error.SOURCE_QUERY_NOT_FINISHED": "The chosen query has not finished.",
    "error.SOURCE_QUERY_UNUSABLE": "The chosen query's result cannot be used for a check.",
  },
);

export function taskFormText(lang: Lang): Readonly<Record<string, string>> {
  return words(lang);
}
