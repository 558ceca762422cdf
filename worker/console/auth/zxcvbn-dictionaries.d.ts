/**
 * Types of the single English dictionaries of @zxcvbn-ts/language-en imported one by one
 * (password-strength.ts): the package types only its index, which would pull every list into the Worker.
 */
declare module "@zxcvbn-ts/language-en/dist/commonWords.json.mjs" {
  const words: string[];
  export default words;
}
declare module "@zxcvbn-ts/language-en/dist/firstnames.json.mjs" {
  const names: string[];
  export default names;
}
declare module "@zxcvbn-ts/language-en/dist/wordSequences.json.mjs" {
  const sequences: Record<string, string[]>;
  export default sequences;
}
declare module "@zxcvbn-ts/language-en/dist/translations.mjs" {
  import type { TranslationKeys } from "@zxcvbn-ts/core";
  const translations: TranslationKeys;
  export default translations;
}
