/**
 * @module An audit event's target and detail as a person reads them: named fields in the reader's
 * language, decisions in words, long text (a review note) wrapping in its cell instead of one line of
 * JSON that squeezes every other column.
 */
import type { AuditEventBody } from "../../schemas/console";
import { defineMessages, type Lang } from "./i18n";
import { html, type Html } from "./layout";
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
  },
);

type Words = ReturnType<typeof messages>;

const named = (words: Words, prefix: string, key: string) => (words as Readonly<Record<string, string>>)[`${prefix}.${key}`] ?? key;

export function auditTarget(lang: Lang, target: AuditEventBody["target"]): Html | string {
  if (!target) return "—";
  return html`${named(messages(lang), "target", target.type)} <code class="long-text">${target.id}</code>`;
}

function valueText(lang: Lang, key: string, value: unknown): string {
  const decisions: Readonly<Record<string, string>> = vocabulary(lang).decision;
  if (key === "decision" && typeof value === "string") return decisions[value] ?? value;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
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
