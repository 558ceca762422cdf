/**
 * @module Traditional characters fold onto simplified ones, so that a keyword typed in either finds text
 * printed in either (older certificates, Hong Kong and Taiwan parties, OCR of traditional print: 應收賬款,
 * 債權轉讓, 優先受償權). The mapping is OpenCC's own character dictionary (TSCharacters, through opencc-js:
 * only that dictionary is bundled, not its phrase tables), taken character by character: each traditional
 * UTF-16 unit folds onto one simplified unit, so hit offsets stay offsets in the text as printed. Entries
 * outside the Basic Multilingual Plane are left out (the matcher never folds surrogates, ./fold.ts).
 *
 * OpenCC converts the script, not the spelling: 帐 and 账 are both simplified, and receivables text writes
 * 应收帐款 as often as 应收账款. Such simplified variants are listed here, folding onto the form a lender types.
 */
import TS_CHARACTERS from "opencc-js/dict/TSCharacters";

/** [variant, standard]: simplified variants OpenCC keeps apart that the registry's text uses for one word. */
export const SIMPLIFIED_VARIANTS: ReadonlyArray<readonly [variant: string, standard: string]> = [["帐", "账"]];

const isOneUnit = (s: string | undefined): s is string => s !== undefined && s.length === 1;

/** Every fold of a Chinese character, [from, to] as UTF-16 units: traditional → simplified, then simplified variants. */
export function chineseFolds(): Array<[from: number, to: number]> {
  const variant = new Map(SIMPLIFIED_VARIANTS.map(([v, s]) => [v.charCodeAt(0), s.charCodeAt(0)]));
  const folds = new Map<number, number>(variant);
  for (const entry of TS_CHARACTERS.split("|")) {
    const [from, to] = entry.split(" ");
    if (!isOneUnit(from) || !isOneUnit(to) || from === to) continue;
    const simplified = to.charCodeAt(0);
    folds.set(from.charCodeAt(0), variant.get(simplified) ?? simplified);
  }
  return [...folds];
}
