/**
 * @module A result that cannot be reviewed, in words (console-api.md, Pages: "A result that could not
 * be decided (a document that was not read) says which document and why, offers no review form, and
 * offers a new check on the same query once the cause is gone"). Two kinds: undecided (matchStatus
 * pending: a document of the registration was not read, pendingReason says how), and matched on a
 * source that is no longer available (the API refuses its review, 409). Neither awaits review: the
 * check's header, its list and the overview count only what can be reviewed (pendingReviewCount).
 *
 * Which document: the certificate (by its number) for a certificate's reason; for an attachment's
 * reason, the attachments whose reading state is that reason's (by file name), or "an attachment"
 * when the registration lists none in that state (one never fetched is not listed).
 */
import type { PENDING_REASONS } from "../../schemas/check-vocabulary";
import type { Attachment } from "../../schemas/registration";
import { defineMessages, fill, type Lang } from "./i18n";

export type PendingReason = (typeof PENDING_REASONS)[number];

/** What a result needs for its words: the summary's and the full result's shapes both have these. */
export interface UnreviewableResult {
  matchStatus: "matched" | "unmatched" | "pending";
  resultStatus: "pending" | "confirmed" | "excluded" | "unmatched";
  pendingReason?: PendingReason;
  registration: { certificateNumber: string; sourceStatus?: string; attachments?: readonly Attachment[] };
}

const words = defineMessages(
  {
    unreviewable: "不能复核",
    certificate: "登记证明 {number}",
    attachment: "附件“{name}”",
    anAttachment: "登记 {number} 的一个附件",
    someDocument: "登记 {number} 的登记证明或附件",
    sourceGone: "来源数据已不可用，不能复核此候选。",
    recheck: "在同一查询上重新核查",
    recheckHint: "新的核查会重新获取和读取此前未能取得或读取的文件。",
    "reason.CERTIFICATE_MISSING": "登记系统未提供该文件，未能检索。",
    "reason.CERTIFICATE_UNPARSED": "该文件的文字未能读取（文件可能已损坏）。",
    "reason.ATTACHMENT_NOT_TEXT_SEARCHABLE": "该附件是图片，其中的文字未能识别。",
    "reason.ATTACHMENT_NO_TEXT": "该附件是没有文字层的 PDF，其中的文字未能识别。",
    "reason.ATTACHMENT_UNREADABLE": "该附件无法打开（文件可能已损坏）。",
    "reason.ATTACHMENT_MISSING": "登记系统未提供该附件，未能检索。",
    "reason.ATTACHMENT_NOT_INDEXED": "读取该附件文字的服务暂时不可用，读取未完成。",
    "reason.PAGES_NOT_READ": "部分页面未能读取。",
    "reason.OCR_LOW_CONFIDENCE": "部分文字的识别置信度低，不能据此排除。",
    because: "{document}：{reason}",
  },
  {
    unreviewable: "Cannot be reviewed",
    certificate: "the certificate {number}",
    attachment: "the attachment “{name}”",
    anAttachment: "an attachment of registration {number}",
    someDocument: "the certificate or an attachment of registration {number}",
    sourceGone: "The source data is no longer available: this candidate cannot be reviewed.",
    recheck: "New check on the same query",
    recheckHint: "A new check fetches and reads again the files that could not be fetched or read.",
    "reason.CERTIFICATE_MISSING": "the registry did not provide the file, so it was not searched.",
    "reason.CERTIFICATE_UNPARSED": "its text could not be read (the file may be damaged).",
    "reason.ATTACHMENT_NOT_TEXT_SEARCHABLE": "it is a picture whose text could not be read.",
    "reason.ATTACHMENT_NO_TEXT": "it is a PDF without a text layer; its text could not be read.",
    "reason.ATTACHMENT_UNREADABLE": "it could not be opened (the file may be damaged).",
    "reason.ATTACHMENT_MISSING": "the registry did not provide it, so it was not searched.",
    "reason.ATTACHMENT_NOT_INDEXED": "the service that reads its text was unavailable; the reading did not finish.",
    "reason.PAGES_NOT_READ": "some pages could not be read.",
    "reason.OCR_LOW_CONFIDENCE": "some text was read with low confidence and cannot rule it out.",
    because: "{document}: {reason}",
  },
);

/** The attachment reading state each attachment reason stands for (schemas/query-vocabulary ATTACHMENT_STATUSES). */
const ATTACHMENT_STATE: Partial<Record<PendingReason, Attachment["status"]>> = {
  ATTACHMENT_NOT_TEXT_SEARCHABLE: "not_text_searchable",
  ATTACHMENT_NO_TEXT: "no_text",
  ATTACHMENT_UNREADABLE: "unreadable",
};

/** Undecided: a document was not read, so the registration can be neither matched nor ruled out. */
export function isUndecided(result: UnreviewableResult): boolean {
  return result.matchStatus === "pending";
}

/** Matched and awaiting a conclusion, but its source is gone: the API refuses the review (409). */
export function isSourceGone(result: UnreviewableResult): boolean {
  const status = result.registration.sourceStatus;
  return result.matchStatus === "matched" && result.resultStatus === "pending" && status !== undefined && status !== "available";
}

/** The review-state cell's word for a result that cannot be reviewed (the outcome column says undecided), else null. */
export function unreviewableLabel(lang: Lang, result: UnreviewableResult): string | null {
  return isUndecided(result) || isSourceGone(result) ? words(lang).unreviewable : null;
}

function documentOf(lang: Lang, reason: PendingReason | undefined, registration: UnreviewableResult["registration"]): string {
  const w = words(lang);
  const number = registration.certificateNumber;
  if (reason === "CERTIFICATE_MISSING" || reason === "CERTIFICATE_UNPARSED") return fill(w.certificate, { number });
  const state = reason ? ATTACHMENT_STATE[reason] : undefined;
  const named = state ? (registration.attachments ?? []).filter((a) => a.status === state) : [];
  if (named.length > 0) return named.map((a) => fill(w.attachment, { name: a.fileName })).join(lang === "en" ? ", " : "、");
  if (reason?.startsWith("ATTACHMENT_")) return fill(w.anAttachment, { number });
  return fill(w.someDocument, { number });
}

/** Which document and why, one sentence in the page's language; null for a result that can be reviewed. */
export function unreviewableReason(lang: Lang, result: UnreviewableResult): string | null {
  const w = words(lang);
  if (isSourceGone(result)) return w.sourceGone;
  if (!isUndecided(result)) return null;
  const reason = result.pendingReason;
  const because = reason ? w[`reason.${reason}`] : w["reason.PAGES_NOT_READ"];
  return fill(w.because, { document: documentOf(lang, reason, result.registration), reason: because });
}

/** The way on for an undecided result: the new-check form on the same query, with the same criteria. */
export function recheckLink(lang: Lang, check: { id: string; sourceRegistryQueryId: string }): { href: string; text: string; hint: string } {
  const w = words(lang);
  const href = `/console/checks/new?query=${encodeURIComponent(check.sourceRegistryQueryId)}&from=${encodeURIComponent(check.id)}`;
  return { href, text: w.recheck, hint: w.recheckHint };
}
