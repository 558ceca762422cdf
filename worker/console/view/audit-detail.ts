/**
 * @module An audit event's target and detail as a person reads them: named fields in the reader's
 * language, decisions in words, long text (a review note) wrapping in its cell instead of one line of
 * JSON that squeezes every other column.
 */
import type { AuditEventBody } from "../../schemas/console";
import { defineMessages, formatTime, type Lang } from "./i18n";
import { html, type Html } from "./layout";
import { shellMessages } from "./shell-messages";
import { vocabulary } from "./vocabulary";

const messages = defineMessages(
  {
    "target.check": "核查",
    "target.query": "查询",
    "target.check_result": "核查结果",
    "target.key": "API 密钥",
    "target.api_key": "API 密钥",
    "target.user": "用户",
    "target.document": "文件",
    "target.account": "账户",
    "target.session": "会话",
    "target.subscription": "订阅",
    "target.allowance_grant": "追加额度",
    "field.decision": "结论",
    "field.note": "备注",
    "field.checkId": "核查",
    "field.registrationId": "登记",
    "field.format": "格式",
    "field.reason": "原因",
    "field.email": "邮箱",
    "field.role": "角色",
    "field.status": "状态",
    "field.name": "名称",
    "field.planId": "套餐",
    "field.cycle": "计费周期",
    "field.startsAt": "开始时间",
    "field.endsAt": "结束时间",
    "field.expiresAt": "到期时间",
    "field.kind": "额度类型",
    "field.source": "来源",
    "field.amount": "数量",
    "field.prefix": "密钥前缀",
    "field.requireTotp": "要求双重验证",
    "field.with": "确认方式",
    "field.action": "处理",
    "field.messages": "消息数",
    "field.deadLettered": "死信",
    yes: "是",
    no: "否",
  },
  {
    "target.check": "Check",
    "target.query": "Query",
    "target.check_result": "Check result",
    "target.key": "API key",
    "target.api_key": "API key",
    "target.user": "User",
    "target.document": "File",
    "target.account": "Account",
    "target.session": "Session",
    "target.subscription": "Subscription",
    "target.allowance_grant": "Allowance grant",
    "field.decision": "Decision",
    "field.note": "Note",
    "field.checkId": "Check",
    "field.registrationId": "Registration",
    "field.format": "Format",
    "field.reason": "Reason",
    "field.email": "Email",
    "field.role": "Role",
    "field.status": "Status",
    "field.name": "Name",
    "field.planId": "Plan",
    "field.cycle": "Billing cycle",
    "field.startsAt": "Starts",
    "field.endsAt": "Ends",
    "field.expiresAt": "Expires",
    "field.kind": "Allowance",
    "field.source": "Source",
    "field.amount": "Amount",
    "field.prefix": "Key prefix",
    "field.requireTotp": "Second factor required",
    "field.with": "Confirmed with",
    "field.action": "Action",
    "field.messages": "Messages",
    "field.deadLettered": "Dead-lettered",
    yes: "Yes",
    no: "No",
  },
);

type Words = ReturnType<typeof messages>;

const named = (words: Words, prefix: string, key: string) => (words as Readonly<Record<string, string>>)[`${prefix}.${key}`] ?? key;

export function auditTarget(lang: Lang, target: AuditEventBody["target"]): Html | string {
  if (!target) return "—";
  return html`${named(messages(lang), "target", target.type)} <code class="long-text">${target.id}</code>`;
}

/** The detail keys whose values are codes of the one vocabulary, with the table that names them. */
const NAMED_VALUES = { decision: "decision", cycle: "cycle", kind: "allowance", source: "grantSource", status: "user" } as const;
/** The detail keys that hold an instant (ISO 8601), shown in the page's time format. */
const TIMES = new Set(["startsAt", "endsAt", "expiresAt"]);

function valueText(lang: Lang, key: string, value: unknown): string {
  if (typeof value === "boolean") return messages(lang)[value ? "yes" : "no"];
  if (typeof value === "number") return new Intl.NumberFormat(lang).format(value);
  if (typeof value !== "string") return JSON.stringify(value);
  if (TIMES.has(key)) return formatTime(lang, value);
  if (key === "role") return (shellMessages(lang) as Readonly<Record<string, string>>)[`role.${value}`] ?? value;
  const table = key in NAMED_VALUES ? NAMED_VALUES[key as keyof typeof NAMED_VALUES] : undefined;
  if (table === undefined) return value;
  const words: Readonly<Record<string, string>> = vocabulary(lang)[table];
  return words[value] ?? value;
}

export function auditDetail(lang: Lang, detail: AuditEventBody["detail"]): Html | string {
  if (!detail || Object.keys(detail).length === 0) return "—";
  const words = messages(lang);
  return html`<dl class="detail">
    ${Object.entries(detail).map(
      ([key, value]) =>
        html`<dt>${named(words, "field", key)}</dt>
          <dd class="long-text">${valueText(lang, key, value)}</dd>`,
    )}
  </dl>`;
}
