/**
 * @module Variant characters a keyword search folds together (./fold.ts): receivables text is written
 * with 帐 for 账 as often as not ("应收帐款"), and older certificates, Hong Kong and Taiwan parties and
 * OCR of traditional print give 帳, 賬, 貨, 據, 單, 轉, 讓, 發 … for the simplified forms a lender types.
 * Each pair folds the variant onto the standard simplified character, one UTF-16 unit onto one, so hit
 * offsets stay offsets in the text as printed. Only characters of the registry's and its documents'
 * vocabulary are listed (never a whole traditional-to-simplified table: 乾/干/幹 and the like are not
 * one-to-one, and a fold that merges two words would find what was not written).
 */

/** [variant, standard]: the variant as printed, the simplified character a criterion is typed with. */
export const KEYWORD_VARIANTS: ReadonlyArray<readonly [variant: string, standard: string]> = [
  ["帐", "账"],
  ["帳", "账"],
  ["賬", "账"],
  ["貨", "货"],
  ["據", "据"],
  ["單", "单"],
  ["轉", "转"],
  ["讓", "让"],
  ["發", "发"],
  ["應", "应"],
  ["債", "债"],
  ["權", "权"],
  ["擔", "担"],
  ["證", "证"],
  ["質", "质"],
  ["務", "务"],
  ["買", "买"],
  ["賣", "卖"],
  ["價", "价"],
  ["額", "额"],
  ["貸", "贷"],
  ["銀", "银"],
  ["資", "资"],
  ["產", "产"],
  ["動", "动"],
  ["記", "记"],
  ["號", "号"],
  ["碼", "码"],
  ["稅", "税"],
  ["財", "财"],
  ["購", "购"],
  ["銷", "销"],
  ["倉", "仓"],
  ["車", "车"],
  ["運", "运"],
  ["貿", "贸"],
  ["幣", "币"],
  ["匯", "汇"],
  ["電", "电"],
  ["協", "协"],
  ["議", "议"],
  ["約", "约"],
  ["託", "托"],
  ["餘", "余"],
  ["項", "项"],
  ["開", "开"],
  ["廠", "厂"],
  ["設", "设"],
  ["備", "备"],
  ["裝", "装"],
];
