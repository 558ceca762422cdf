/**
 * @module The console's side of the one vocabulary (schemas/vocabulary-words.ts, which the CLI reads
 * too): the table itself, and how a page counts things in its language.
 */
import type { Lang } from "./i18n";

export { vocabulary, type Vocabulary } from "../../schemas/vocabulary-words";

/** "1 registration", "2 registrations"; Chinese has one form. */
export function countOf(lang: Lang, count: number, nouns: { zh: string; one: string; other: string }): string {
  if (lang === "en") return `${new Intl.NumberFormat("en").format(count)} ${count === 1 ? nouns.one : nouns.other}`;
  return `${new Intl.NumberFormat("zh-CN").format(count)} ${nouns.zh}`;
}
