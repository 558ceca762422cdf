/**
 * @module One document the corpus builder has chosen to print: shared by generate.ts, which plans
 * and writes the corpus, and heldout.ts, which renders the held-out layouts generate.ts calls.
 */
import type { FieldValues } from "../../test/corpus/fields";
import type { PrintedDocument } from "./document";
import type { Selection } from "./selection";
import type { VocabularyName } from "./vocabularies";

export interface Planned {
  name: string;
  layout: string;
  selection: Selection;
  vocabulary: VocabularyName | "sandbox";
  doc: PrintedDocument | null;
  truth: FieldValues;
}

/** Fonts from npm packages (build.mjs fetches them with `npm pack`), cut to a text's characters: for renderers that must not read /usr/share/fonts. */
export interface NpmFonts {
  notoSansSC: (chars: string) => Promise<Uint8Array>;
}
