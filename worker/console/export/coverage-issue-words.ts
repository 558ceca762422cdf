/**
 * @module Each coverage issue code in words a credit committee reads (console-api.md: "coverage …
 * with each coverage issue in words"), in both languages; the compiler keeps the table whole.
 */
import type { COVERAGE_ISSUE_CODES } from "../../schemas/check-vocabulary";
import { defineMessages } from "../view/i18n";

type IssueCode = (typeof COVERAGE_ISSUE_CODES)[number];

export const coverageIssueWords = defineMessages<IssueCode>(
  {
    SOURCE_QUARANTINED: "来源查询被隔离：结果未经确认，不能作为依据",
    SOURCE_UNAVAILABLE: "登记系统未能提供完整结果：可能有登记未被列出",
    CERTIFICATE_MISSING: "登记证明文件未能取得，未检索",
    CERTIFICATE_UNPARSED: "登记证明未能解析，其文字未能全部检索",
    ATTACHMENT_NOT_TEXT_SEARCHABLE: "附件为图片，未能识别其中文字",
    ATTACHMENT_NO_TEXT: "附件 PDF 没有文字层，未能检索",
    ATTACHMENT_UNREADABLE: "附件无法读取",
    ATTACHMENT_MISSING: "附件未能取得",
    ATTACHMENT_NOT_INDEXED: "附件文字尚未建立索引",
    CRITERION_NOT_SEARCHABLE: "核查条件规范化后为空，无法检索",
    PAGES_NOT_READ: "部分页面未能读取",
    OCR_LOW_CONFIDENCE: "部分文字由 OCR 低置信度识别，可能有误",
  },
  {
    SOURCE_QUARANTINED: "The source query is quarantined: its results are unconfirmed and cannot be relied on",
    SOURCE_UNAVAILABLE: "The registry did not give a complete answer: registrations may be missing from the list",
    CERTIFICATE_MISSING: "A certificate could not be fetched and was not searched",
    CERTIFICATE_UNPARSED: "A certificate could not be parsed; not all of its text was searched",
    ATTACHMENT_NOT_TEXT_SEARCHABLE: "An attachment is a picture whose text could not be read",
    ATTACHMENT_NO_TEXT: "An attachment is a PDF without a text layer and was not searched",
    ATTACHMENT_UNREADABLE: "An attachment could not be read",
    ATTACHMENT_MISSING: "An attachment could not be fetched",
    ATTACHMENT_NOT_INDEXED: "An attachment's text is not indexed yet",
    CRITERION_NOT_SEARCHABLE: "A criterion is empty once normalised and could not be searched",
    PAGES_NOT_READ: "Some pages could not be read",
    OCR_LOW_CONFIDENCE: "Some text was read by OCR with low confidence and may be wrong",
  },
);
