/**
 * @module Block headings known by how they are set: larger than the page's labels, standing at or left of
 * the label column, worded as a heading ("…信息", a role "…人", "…人（2）"). A heading the vocabulary has
 * no entry for ("变更事项信息", "留置权人信息") still ends the block before it; a role word opens a party.
 */
import type { Role } from "./labels";
import { HEADING_INDENT_EM, HEADING_STEP_PT } from "./layout-rules";
import { SECURED_ROLES } from "./vocabulary";

/** A role heading's words: a party word of three characters or more ending in 人, its block's 信息, its number. */
const ROLE_WORDS = /^([\u4e00-\u9fff]{2,6}人)(?:信息)?(?:[（(]\d{1,2}[)）])?$/;
/** A section heading's words, numbered or not ("变更事项信息", "三、担保财产信息"). */
const SECTION_WORDS = /^(?:[（(]?[一二三四五六七八九十\d]{1,3}[)）、.．]?)?[\u4e00-\u9fff/]{2,12}信息$/;

export interface PageLabels {
  /** The labels' usual size on the page. */
  size: number;
  /** The label column's left edge (the leftmost label). */
  x0: number;
}

/**
 * A page's label setting, or, on a page with no whole label of its own (a description's last lines, a
 * heading and a label wrapped in its cell), the nearest earlier page's: a form sets every page alike.
 */
export function labelsOfPage(pages: ReadonlyMap<number, PageLabels>, page: number): PageLabels | undefined {
  const earlier = [...pages.keys()].filter((p) => p <= page).sort((a, b) => b - a)[0];
  return earlier === undefined ? undefined : pages.get(earlier);
}

/** True when a line without labels is set as a block heading on its page. */
export function isTypesetHeading(text: string, box: { x0: number; size: number }, page: PageLabels | undefined): boolean {
  if (!page) return false;
  const words = text.replace(/\s/g, "");
  if (!ROLE_WORDS.test(words) && !SECTION_WORDS.test(words)) return false;
  return box.size >= page.size + HEADING_STEP_PT && box.x0 <= page.x0 + box.size * HEADING_INDENT_EM;
}

/** The party a typeset heading opens, when its words name a role: a secured party's word ends in 权人 (质权人, 留置权人). */
export function typesetRole(text: string): { role: Role; heading: string } | null {
  const m = ROLE_WORDS.exec(text.replace(/\s/g, ""));
  if (!m?.[1]) return null;
  const heading = m[1];
  const secured = (SECURED_ROLES as readonly string[]).includes(heading) || heading.endsWith("权人");
  return { role: secured ? "secured_party" : "debtor", heading };
}
