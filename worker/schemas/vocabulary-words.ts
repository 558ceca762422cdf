/**
 * @module The one vocabulary: every value the API returns as a code (a query's or a check's state and
 * execution, a result's review state and automatic outcome, strengths, parse states, registration types,
 * where a hit was found, criteria, sources, plans' cycles, users' states, audit kinds) named once per
 * language, by the field it belongs to, so "pending" is one thing where it means one thing. The
 * console's pages, the review screen's script, the audit page, the export and the CLI (cli/words.ts)
 * read their words here; the value itself stays in data attributes, filters and --json output.
 *
 * Plain constants and type-only imports: the CLI runs this file as it is under Node's type stripping.
 */
import type { BILLING_CYCLES, ALLOWANCE_KINDS, GRANT_SOURCES } from "./account-vocabulary";
import type { AuditKind } from "./console-vocabulary";
import type {
  CHECK_EXECUTION_STATUSES,
  CHECK_STATUSES,
  MATCH_STATUSES,
  RESULT_STATUSES,
  REVIEW_DECISIONS,
  SOURCE_FIELDS,
  STANDING_STATES,
  STRENGTHS,
  TERM_KINDS,
} from "./check-vocabulary";
import type { QUERY_EXECUTION_STATUSES, QUERY_STATUSES, REGISTER_TYPES, REGISTRATION_PARSE_STATUSES, SOURCE_STATUSES } from "./query-vocabulary";

/** The languages the words are written in (the console's LANGS, the CLI's --lang). */
export type WordsLang = "zh-CN" | "en";

type Words<T extends readonly string[]> = Readonly<Record<T[number], string>>;

export interface Vocabulary {
  query: Words<typeof QUERY_STATUSES>;
  /** How far a query's or a check's processing got (executionStatus); the two share these words. */
  execution: Words<typeof QUERY_EXECUTION_STATUSES | typeof CHECK_EXECUTION_STATUSES>;
  /** Whether the source data can be read and downloaded (sourceStatus). */
  sourceStatus: Words<typeof SOURCE_STATUSES>;
  /** coverageComplete true / false. */
  coverage: Readonly<Record<"complete" | "incomplete", string>>;
  check: Words<typeof CHECK_STATUSES>;
  criterion: Words<typeof TERM_KINDS>;
  match: Words<typeof MATCH_STATUSES>;
  result: Words<typeof RESULT_STATUSES>;
  decision: Words<typeof REVIEW_DECISIONS>;
  strength: Words<typeof STRENGTHS>;
  /** Where a result's registration stood when the check matched (standing.state; phrases: ./standing-words.ts). */
  standing: Words<typeof STANDING_STATES>;
  /** The rest of a standing's phrase ({date}, {certificate} filled in by ./standing-words.ts). */
  standingNote: Readonly<Record<"until" | "expiredOn" | "cancelledBy" | "noLongerDescribed" | "stillDescribed" | "unread" | "separator", string>>;
  parse: Words<typeof REGISTRATION_PARSE_STATUSES>;
  registerType: Words<typeof REGISTER_TYPES>;
  source: Words<typeof SOURCE_FIELDS>;
  user: Words<readonly ["invited", "active", "disabled"]>;
  cycle: Words<typeof BILLING_CYCLES>;
  allowance: Words<typeof ALLOWANCE_KINDS>;
  grantSource: Words<typeof GRANT_SOURCES>;
  audit: Readonly<Record<AuditKind, string>>;
}

const ZH: Vocabulary = {
  query: {
    queued: "排队中",
    waiting_resource: "等待资源",
    processing: "处理中",
    succeeded: "已完成",
    no_result: "无登记",
    partial: "部分完成",
    failed: "失败",
    cancelled: "已取消",
  },
  execution: {
    queued: "排队中",
    waiting_resource: "等待资源",
    processing: "处理中",
    succeeded: "已完成",
    partial: "部分完成",
    failed: "失败",
    cancelled: "已取消",
  },
  sourceStatus: { available: "可用", unavailable: "不可用", quarantined: "已隔离" },
  coverage: { complete: "完整", incomplete: "不完整" },
  check: { processing: "处理中", review_pending: "待复核", completed: "已完成", partial: "部分完成", failed: "失败" },
  criterion: { invoice_no: "发票号", keyword: "关键词" },
  match: { matched: "命中", unmatched: "未命中", pending: "无法判定" },
  result: { pending: "待复核", confirmed: "已确认风险", excluded: "已排除", unmatched: "未命中" },
  decision: { confirmed: "已确认风险", false_positive: "已排除（误报）" },
  strength: { invoice_match: "发票号命中", keyword_only: "仅关键词" },
  standing: { in_force: "有效", expired: "已到期", cancelled: "已注销", unknown: "状态不明" },
  standingNote: {
    until: "有效至 {date}",
    expiredOn: "已于 {date} 到期",
    cancelledBy: "已注销（注销登记 {certificate}）",
    noLongerDescribed: "变更后的财产描述不再载明命中内容",
    stillDescribed: "变更后仍载明",
    unread: "登记链被截断或其中登记证明未读取",
    separator: "；",
  },
  parse: { completed: "已解析", pending: "待解析", failed: "解析失败", missing: "无登记证明" },
  registerType: { initial: "初始登记", change: "变更登记", extension: "展期登记", cancellation: "注销登记", objection: "异议登记" },
  source: {
    property_description: "财产描述",
    certificate_text: "登记证明内容",
    attachment_text: "附件内容",
    ocr_text: "扫描件识别文字（OCR）",
    ocr_text_low_confidence: "扫描件识别文字（OCR，置信度低）",
  },
  user: { invited: "已邀请", active: "正常", disabled: "已停用" },
  cycle: { monthly: "按月", annual: "按年" },
  allowance: { query: "查询", check: "核查" },
  grantSource: { addon: "加购", gift: "赠送" },
  audit: {
    "session.created": "登录",
    "session.failed": "登录失败",
    "session.ended": "退出登录",
    "user.invited": "邀请用户",
    "user.activated": "用户激活",
    "user.updated": "修改用户",
    "user.totp_enrolled": "启用双重验证",
    "user.totp_removed": "移除双重验证",
    "user.password_changed": "修改密码",
    "user.step_up_failed": "身份确认失败",
    "account.security_changed": "修改安全设置",
    "key.created": "创建 API 密钥",
    "key.revoked": "吊销 API 密钥",
    "query.created": "发起查询",
    "check.created": "发起核查",
    "check.exported": "导出核查",
    "review.written": "复核结论",
    "document.downloaded": "下载文件",
    "subscription.changed": "订阅变更",
    "allowance.granted": "追加额度",
    "account.updated": "修改账户",
    "operator.redrive": "运维重新处理",
  },
};

const EN: Vocabulary = {
  query: {
    queued: "Queued",
    waiting_resource: "Waiting for resources",
    processing: "Processing",
    succeeded: "Completed",
    no_result: "No registrations",
    partial: "Partly completed",
    failed: "Failed",
    cancelled: "Cancelled",
  },
  execution: {
    queued: "Queued",
    waiting_resource: "Waiting for resources",
    processing: "Processing",
    succeeded: "Completed",
    partial: "Partly completed",
    failed: "Failed",
    cancelled: "Cancelled",
  },
  sourceStatus: { available: "Available", unavailable: "Unavailable", quarantined: "Quarantined" },
  coverage: { complete: "Complete", incomplete: "Incomplete" },
  check: { processing: "Processing", review_pending: "Awaiting review", completed: "Completed", partial: "Partly completed", failed: "Failed" },
  criterion: { invoice_no: "Invoice number", keyword: "Keyword" },
  match: { matched: "Matched", unmatched: "Not matched", pending: "Undetermined" },
  result: { pending: "Awaiting review", confirmed: "Confirmed risk", excluded: "Excluded", unmatched: "Not matched" },
  decision: { confirmed: "Confirmed risk", false_positive: "Excluded (false positive)" },
  strength: { invoice_match: "Invoice number", keyword_only: "Keywords only" },
  standing: { in_force: "In force", expired: "Expired", cancelled: "Cancelled", unknown: "Standing unknown" },
  standingNote: {
    until: "In force until {date}",
    expiredOn: "Expired on {date}",
    cancelledBy: "Cancelled (cancellation {certificate})",
    noLongerDescribed: "a later change no longer describes what matched",
    stillDescribed: "still described after a change",
    unread: "the chain was cut or a certificate in it was not read",
    separator: "; ",
  },
  parse: { completed: "Parsed", pending: "Not parsed yet", failed: "Parsing failed", missing: "No certificate" },
  registerType: { initial: "Initial", change: "Change", extension: "Extension", cancellation: "Cancellation", objection: "Objection" },
  source: {
    property_description: "property description",
    certificate_text: "certificate text",
    attachment_text: "attachment text",
    ocr_text: "text read from a scan (OCR)",
    ocr_text_low_confidence: "text read from a scan (OCR, low confidence)",
  },
  user: { invited: "Invited", active: "Active", disabled: "Disabled" },
  cycle: { monthly: "Monthly", annual: "Annual" },
  allowance: { query: "Query", check: "Check" },
  grantSource: { addon: "Add-on", gift: "Gift" },
  audit: {
    "session.created": "Signed in",
    "session.failed": "Sign-in failed",
    "session.ended": "Signed out",
    "user.invited": "User invited",
    "user.activated": "User activated",
    "user.updated": "User changed",
    "user.totp_enrolled": "Second factor enrolled",
    "user.totp_removed": "Second factor removed",
    "user.password_changed": "Password changed",
    "user.step_up_failed": "Identity confirmation failed",
    "account.security_changed": "Security settings changed",
    "key.created": "API key created",
    "key.revoked": "API key revoked",
    "query.created": "Query started",
    "check.created": "Check started",
    "check.exported": "Check exported",
    "review.written": "Review conclusion",
    "document.downloaded": "File downloaded",
    "subscription.changed": "Subscription changed",
    "allowance.granted": "Allowance granted",
    "account.updated": "Account changed",
    "operator.redrive": "Reprocessed by the operator",
  },
};

export function vocabulary(lang: WordsLang): Vocabulary {
  return lang === "en" ? EN : ZH;
}
