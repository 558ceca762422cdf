/**
 * @module Password strength (console-api.md: passwords in a list of common or breached passwords, or
 * rated weak by a strength estimator, are refused with a reason a person understands): zxcvbn-ts with
 * its common dictionaries (the most used and breached passwords, keyboard patterns, common English
 * words and first names), the user's own words to avoid: their email (whole, its local part and its
 * domain), their name and the account's name (whole and word by word). English surnames and Wikipedia
 * words are left out: 0.75 MB of the Worker for little (the bundle is measured in the README). The
 * dictionaries are read only when a password is set (an invitation accepted), not when the Worker
 * starts: most requests never need them.
 */
import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/** zxcvbn's scale is 0 (too guessable) to 4; 3 is "safely unguessable" against an offline attack on a slow hash. */
const MIN_SCORE = 3;

let estimator: Promise<ZxcvbnFactory> | undefined;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en/dist/commonWords.json.mjs"),
    import("@zxcvbn-ts/language-en/dist/firstnames.json.mjs"),
    import("@zxcvbn-ts/language-en/dist/wordSequences.json.mjs"),
    import("@zxcvbn-ts/language-en/dist/translations.mjs"),
  ]).then(
    ([core, common, commonWords, firstnames, sequences, translations]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, "commonWords-en": commonWords.default, "firstnames-en": firstnames.default, ...sequences.default },
        graphs: common.adjacencyGraphs,
        translations: translations.default,
      }),
  );
  return estimator;
}

/** What a person's password must not be made of: what a guesser who knows them tries first. */
export interface PersonalWords {
  email: string;
  name?: string | null | undefined;
  accountName?: string | null | undefined;
}

/** A string as two people would type "the same" password: compatibility-normalised, lower case, without spaces. */
export function folded(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/gu, "");
}

/** The estimator's words to avoid: each of the person's words whole, folded, and each part of them. */
export function personalWords(person: PersonalWords): string[] {
  const email = person.email.toLowerCase();
  const [local = "", domain = ""] = email.split("@");
  const names = [person.name, person.accountName].filter((n): n is string => typeof n === "string" && n.trim() !== "");
  const words = [email, local, domain, ...names.flatMap((n) => [n.toLowerCase(), folded(n), ...n.toLowerCase().split(/[\s\p{P}]+/u)])];
  return [...new Set(words.filter((w) => w.length >= 2))];
}

/** Why the password is too easy to guess, in words, or null when it is strong enough. */
export async function guessability(password: string, wordsToAvoid: readonly string[]): Promise<string | null> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, [...wordsToAvoid]);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? "";
  const advice = result.feedback.suggestions.join(" ");
  return `This password is too easy to guess. ${why} ${advice || "Use a longer phrase of unrelated words."}`.replace(/\s+/g, " ").trim();
}
