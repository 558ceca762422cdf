/**
 * @module The console's languages (console-api.md, Pages: Simplified Chinese by default, English by
 * choice). The choice is a cookie the language switch sets (GET /console/language); nothing else
 * changes the language, so a shared link opens in the reader's own language.
 *
 * Each page module keeps its own words with `defineMessages`: both languages side by side, the same
 * keys checked by the compiler, so a page cannot ship half-translated.
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";

export const LANGS = ["zh-CN", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh-CN";
/** Not a secret and not `__Host-`: a preference, readable by the pages under /console only. */
export const LANG_COOKIE = "console-lang";

export function isLang(value: string | undefined): value is Lang {
  return value !== undefined && (LANGS as readonly string[]).includes(value);
}

export function pageLang(c: Context): Lang {
  const chosen = getCookie(c, LANG_COOKIE);
  return isLang(chosen) ? chosen : DEFAULT_LANG;
}

/** The other language, the one the switch offers. */
export function otherLang(lang: Lang): Lang {
  return lang === "en" ? "zh-CN" : "en";
}

export type Messages<K extends string> = Readonly<Record<K, string>>;

/** A page's words in both languages; `messages(lang)` picks one. */
export function defineMessages<K extends string>(zh: Messages<K>, en: Messages<K>): (lang: Lang) => Messages<K> {
  return (lang) => (lang === "en" ? en : zh);
}

/** `{name}` placeholders filled from `values` (escaping is the template's, not this function's). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Dates as the reader's language writes them, in China's time zone (the registry's). */
export function formatTime(lang: Lang, iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Shanghai" }).format(date);
}

export function formatNumber(lang: Lang, value: number): string {
  return new Intl.NumberFormat(lang).format(value);
}
