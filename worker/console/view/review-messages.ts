/**
 * @module The review screen's words in both languages: those the page renders, and those its script
 * shows (handed over in #console-text under `review.*`, `status.*` and `evidence.*`). The evidence
 * pane's English is the evidence viewer's own table (evidence-words.js), so the two pages say the same.
 */
import { EVIDENCE_WORDS, type EvidenceWord } from "../../routes/viewer/browser/evidence-words.js";
import { defineMessages, type Lang } from "./i18n";
import { vocabulary } from "./vocabulary";

export const reviewMessages = defineMessages(
  {
    title: "复核候选",
    heading: "复核候选：{applicant}",
    backToCheck: "返回核查",
    shortcutsButton: "键盘快捷键",
    shortcutsTitle: "键盘快捷键",
    shortcutsNote: "在备注框中输入时，字母不作为快捷键；只有 Ctrl+Enter（⌘+Enter）提交，Esc 离开备注框。",
    close: "关闭",
    previousEvidence: "← 上一条证据",
    nextEvidence: "下一条证据 →",
    pageLabel: "命中所在页面",
    evidenceLabel: "此候选的证据",
    decision: "结论",
    confirmed: "确认风险",
    falsePositive: "误报",
    note: "备注",
    submit: "提交并进入下一条",
    skip: "跳过",
    readOnly: "您的角色只能查看证据，不能提交复核结论。",
    notReviewableTitle: "{certificate}：不能复核",
    unmatched: "此登记未命中任何核查条件：没有需要复核的内容。",
    doneTitle: "复核完成",
    reviewAgain: "重新复核已跳过的候选",
    noScript: "此页面需要 JavaScript：页面由 pdf.js 在浏览器中绘制。",
    "action.nextEvidence": "下一条证据",
    "action.previousEvidence": "上一条证据",
    "action.confirm": "选择“确认风险”",
    "action.falsePositive": "选择“误报”",
    "action.focusNote": "进入备注框",
    "action.submit": "提交结论并进入下一条候选",
    "action.skip": "跳过，进入下一条候选",
    "action.help": "显示或关闭本帮助",
    "action.escape": "离开备注框 / 关闭本帮助",
  },
  {
    title: "Review candidates",
    heading: "Review candidates: {applicant}",
    backToCheck: "Back to the check",
    shortcutsButton: "Keyboard shortcuts",
    shortcutsTitle: "Keyboard shortcuts",
    shortcutsNote: "While you type in the note, letters are not shortcuts: only Ctrl+Enter (⌘+Enter) submits, and Esc leaves the note.",
    close: "Close",
    previousEvidence: "← Previous evidence",
    nextEvidence: "Next evidence →",
    pageLabel: "The page with the hit",
    evidenceLabel: "This candidate's evidence",
    decision: "Decision",
    confirmed: "Risk confirmed",
    falsePositive: "False positive",
    note: "Note",
    submit: "Submit and go to the next",
    skip: "Skip",
    readOnly: "Your role may look at the evidence but not write a review.",
    notReviewableTitle: "{certificate}: cannot be reviewed",
    unmatched: "This registration matched none of the criteria: there is nothing to review.",
    doneTitle: "Review done",
    reviewAgain: "Review the skipped candidates again",
    noScript: "This page needs JavaScript: it draws the document pages with pdf.js.",
    "action.nextEvidence": "Next evidence",
    "action.previousEvidence": "Previous evidence",
    "action.confirm": "Choose “risk confirmed”",
    "action.falsePositive": "Choose “false positive”",
    "action.focusNote": "Go to the note",
    "action.submit": "Submit the decision and go to the next candidate",
    "action.skip": "Skip to the next candidate",
    "action.help": "Show or close this help",
    "action.escape": "Leave the note / close this help",
  },
);

/** What the script says, by key (#console-text). */
const scriptMessages = defineMessages(
  {
    "review.loadingCandidate": "正在加载候选…",
    "review.candidateTitle": "{certificate} · {status}",
    "review.candidatePosition": "待复核候选 第 {position} 条，共 {total} 条",
    "review.previousReview": "已有结论：{decision}（{note}）",
    "review.previousReviewBy": "已有结论：{decision}（{note}）——{reviewer}，{at}",
    "review.noteTooLong": "备注共 {count} 个字符，超过 {max} 个的上限：请删减后再提交（不会自动截断）。",
    "review.noteCount": "{count} / {max}",
    "review.evidencePosition": "证据 {index} / {count}",
    "review.checkSummary": "核查状态：{status} · 待复核：{pending}",
    "review.chooseDecision": "请先选择结论：确认风险（c）或误报（f）。",
    "review.saving": "正在保存…",
    "review.saved": "已保存：{decision}。",
    "review.skipped": "已跳过，本轮稍后不再显示。",
    "review.notReviewable":
      "该候选不能复核：其来源已不可用，或它已不是待复核的候选（例如无法判定）。您填写的备注仍保留在下方；按“跳过”（s）转到下一条。",
    "review.alreadyReviewed": "该候选已由他人复核（{status}），未覆盖其结论。已转到下一条。",
    "review.done": "没有待复核的候选了。核查状态：{status}。",
    "review.donePassed": "本轮跳过或无法复核的候选：{count} 条，仍待复核。",
    "review.donePassedOne": "本轮跳过或无法复核的候选：1 条，仍待复核。",
    "review.notFound": "未找到：您的账户没有该核查、结果或文件。",
    "review.forbidden": "您的角色不能提交复核结论。",
    "review.tooMany": "请求过于频繁，请稍候一分钟再继续。",
    "review.failed": "操作未能完成，请稍后再试。",
  },
  {
    "review.loadingCandidate": "Loading the candidate…",
    "review.candidateTitle": "{certificate} · {status}",
    "review.candidatePosition": "Candidate {position} of {total} awaiting review",
    "review.previousReview": "Earlier decision: {decision} ({note})",
    "review.previousReviewBy": "Earlier decision: {decision} ({note}) by {reviewer}, {at}",
    "review.noteTooLong": "The note has {count} characters, over the limit of {max}: shorten it before sending (nothing is cut for you).",
    "review.noteCount": "{count} / {max}",
    "review.evidencePosition": "Evidence {index} of {count}",
    "review.checkSummary": "Check: {status} · awaiting review: {pending}",
    "review.chooseDecision": "Choose a decision first: risk confirmed (c) or false positive (f).",
    "review.saving": "Saving…",
    "review.saved": "Saved: {decision}.",
    "review.skipped": "Skipped: not shown again in this round.",
    "review.notReviewable":
      "This candidate cannot be reviewed: its source is no longer available, or it no longer awaits review (it could not be decided, for instance). Your note is kept below; Skip (s) moves on.",
    "review.alreadyReviewed": "Someone else has reviewed this candidate already ({status}); their decision stands. Moved on to the next.",
    "review.done": "No candidate awaits review. The check is now: {status}.",
    "review.donePassed": "{count} candidates skipped or refused in this round still await review.",
    "review.donePassedOne": "1 candidate skipped or refused in this round still awaits review.",
    "review.notFound": "Not found: your account has no such check, result or document.",
    "review.forbidden": "Your role cannot write a review.",
    "review.tooMany": "Too many requests just now: wait a minute, then go on.",
    "review.failed": "That could not be done. Please try again later.",
  },
);

const CHINESE_EVIDENCE_WORDS: Readonly<Record<EvidenceWord, string>> = {
  term: "命中条件",
  foundIn: "出处",
  file: "文件",
  page: "页码",
  pageOf: "第 {page} 页，共 {count} 页",
  pageUnknown: "未知",
  pageShort: "第 {page} 页",
  noPage: "无页码",
  invoiceNumber: "发票号",
  keyword: "关键词",
  propertyDescription: "财产描述",
  attachmentText: "附件内容",
  certificateText: "登记证明内容",
  ocrText: "扫描件识别文字（OCR）",
  ocrTextLowConfidence: "扫描件识别文字（OCR，置信度低）",
  loadingPage: "正在加载页面…",
  noEvidence: "此结果没有可显示的证据。",
  noPageNamed: "此证据没有页码：请阅读摘录。",
  pageOnly: "命中在页面上的确切位置未知：已标出整页，摘录中显示命中内容。",
};

/** The states and decisions the script names, from the console's one vocabulary (`status.<value>`). */
function statusText(lang: Lang): Record<string, string> {
  const { check, result, decision } = vocabulary(lang);
  return Object.fromEntries(Object.entries({ ...check, ...result, ...decision }).map(([value, word]) => [`status.${value}`, word]));
}

/** Every word the review script needs, in the reader's language. */
export function reviewScriptText(lang: Lang): Record<string, string> {
  const evidence = lang === "en" ? EVIDENCE_WORDS : CHINESE_EVIDENCE_WORDS;
  return {
    ...scriptMessages(lang),
    ...statusText(lang),
    ...Object.fromEntries(Object.entries(evidence).map(([key, text]) => [`evidence.${key}`, text])),
  };
}
