/**
 * The keyword criteria of the benches (bench/matcher.mjs's text, the text debtor's checks in
 * bench/lib/text-debtor.mjs): some printed on almost every page, some nowhere.
 */
export const BENCH_KEYWORDS = [
  "应收账款",
  "保理合同",
  "质押财产",
  "货物销售",
  "Invoice",
  "详见附件",
  "转让财产价值",
  "融资合同号码",
  "ABC有限公司",
  "中征动产",
].concat(Array.from({ length: 10 }, (_, i) => `关键词${i}号`));
