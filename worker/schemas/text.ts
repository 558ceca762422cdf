/**
 * @module The one rule for text at the doors (docs/input-text.md), written once. Every schema field that
 * carries a name, an identifier, a criterion or a note is built here, so that what enters is checked and
 * normalised once, the same way at every door:
 *
 * 1. Surrounding white space goes (String.prototype.trim: spaces, tabs, line breaks, a byte-order mark):
 *    it carries no meaning in any of these fields, and a paste often brings it.
 * 2. Unicode NFC (UAX #15): canonically equivalent sequences, which every font draws the same, become one
 *    sequence. NFC and not NFKC, because NFKC also rewrites what looks different and means something in a
 *    note or a name (（）：，"①" "㈱" "™"); the fields whose meaning folds width (subjects, invoice numbers)
 *    fold it later by their own rule (worker/domain/subjects.ts, the invoice-number fold).
 * 3. What is left must hold no invisible or reordering character: controls (Cc, NUL included; a note may
 *    keep line feeds and tabs), format characters (Cf: zero-width space and joiners, BOM, soft hyphen, the
 *    bidirectional embeddings, overrides and isolates), the other default-ignorable code points (variation
 *    selectors, Hangul fillers), line and paragraph separators, lone surrogates and noncharacters. Such a
 *    character is refused, never dropped in silence (console-api.md: nothing a user typed is cut without a
 *    message): a 400 whose field error names the code point (U+200B) and its position, never the value.
 *
 * Private-use characters are accepted: Chinese systems still write some rare characters of names there.
 */
import { z } from "@hono/zod-openapi";

/** Invisible, reordering or malformed code points: never in a name, an identifier or a note. */
export const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}]/u;

/**
 * The controls multi-line text keeps: line feed and tab, and carriage return, which a note at the door
 * never keeps (canonicalText makes CR LF and CR one LF first) but text shown from elsewhere may hold.
 */
const NOTE_CONTROLS = new Set(["\n", "\t", "\r"]);

export type TextShape = "line" | "note";

/** `U+200B`: how a code point is named to people, in messages and in neutralised text alike. */
export function codePointLabel(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** True for a code point the rule refuses in text of this shape. */
export function isHiddenCharacter(ch: string, shape: TextShape): boolean {
  return HIDDEN_CHARACTER.test(ch) && !(shape === "note" && NOTE_CONTROLS.has(ch));
}

/** The first refused code point and its position (from 1, in code points), or null when the text passes. */
export function firstHiddenCharacter(text: string, shape: TextShape): { label: string; position: number } | null {
  let position = 0;
  for (const ch of text) {
    position++;
    if (isHiddenCharacter(ch, shape)) return { label: codePointLabel(ch), position };
  }
  return null;
}

/** Trimmed and NFC; a note's CR LF and lone CR become LF (one line break, however the browser sent it). */
export function canonicalText(raw: string, shape: TextShape): string {
  const text = raw.trim().normalize("NFC");
  return shape === "note" ? text.replace(/\r\n?/g, "\n") : text;
}

/** The refinement that refuses a hidden character, for a schema that canonicalises text its own way (an email). */
export function refuseHiddenCharacters(shape: TextShape) {
  return (value: string, ctx: z.RefinementCtx) => {
    const found = firstHiddenCharacter(value, shape);
    if (found)
      ctx.addIssue({
        code: "custom",
        message: `Character ${found.label} at position ${found.position} is not accepted: control, invisible (format) and bidirectional characters are refused.`,
        params: { fieldCode: "INVALID_FORMAT" },
      });
  };
}

const RULE =
  "Surrounding white space is removed and the text is put in Unicode NFC; control, invisible (format) and bidirectional characters are refused (400).";

/**
 * A one-line name, identifier or criterion (subject, applicant, key name, user name, account name): the
 * rule above, then `min`–`max` characters of the canonical text.
 */
export function lineText(min: number, max: number) {
  return z
    .string()
    .overwrite((raw) => canonicalText(raw, "line"))
    .min(min)
    .max(max)
    .superRefine(refuseHiddenCharacters("line"))
    .openapi({ description: RULE });
}

/** Free text over several lines (a review note): the same rule, keeping line feeds and tabs. */
export function noteText(max: number) {
  return z
    .string()
    .overwrite((raw) => canonicalText(raw, "note"))
    .max(max)
    .superRefine(refuseHiddenCharacters("note"))
    .openapi({ description: `${RULE} Line feeds and tabs are kept; CR LF becomes LF.` });
}
