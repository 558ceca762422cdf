/**
 * @module The CLI's words for the API's codes: the one vocabulary the console's pages use
 * (worker/schemas/vocabulary-words.ts), in the language the user asked for. `--lang zh|en` first;
 * otherwise the locale, as other command-line programs read it (LC_ALL, then LC_MESSAGES, then LANG):
 * Chinese when it names Chinese (zh_CN.UTF-8, zh_TW…), English otherwise, and when none is set.
 * Only the values are translated; `--json` prints the codes as the API returns them.
 */
import { vocabulary, type Vocabulary, type WordsLang } from "../worker/schemas/vocabulary-words.ts";
import { single, UsageError, type Parsed } from "./args.ts";

export type { Vocabulary };

const CHOSEN: Readonly<Record<string, WordsLang>> = { zh: "zh-CN", "zh-cn": "zh-CN", en: "en" };

/** The language of the output: `--lang`, else the locale's, else English. */
function outputLanguage(args: Parsed, env: Record<string, string | undefined>): WordsLang {
  const option = single(args, "lang");
  if (option !== undefined) {
    const lang = CHOSEN[option.toLowerCase()];
    if (!lang) throw new UsageError(`--lang takes zh or en`);
    return lang;
  }
  // The first locale variable that is set decides, as setlocale(3) reads them.
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== "") ?? "";
  return /^zh([_.@-]|$)/i.test(locale.trim()) ? "zh-CN" : "en";
}

/** The words the output uses for the API's codes. */
export function outputWords(args: Parsed, env: Record<string, string | undefined>): Vocabulary {
  return vocabulary(outputLanguage(args, env));
}
