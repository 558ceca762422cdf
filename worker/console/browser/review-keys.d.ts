/** Types of review-keys.js (browser code, plain JavaScript) for TypeScript callers: the review page lists the shortcuts it documents. */
export type ShortcutAction = "nextEvidence" | "previousEvidence" | "confirm" | "falsePositive" | "focusNote" | "submit" | "skip" | "help" | "escape";
export declare const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: ShortcutAction }>;
export function shortcutFor(
  press: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  focus: "note" | "control" | "page",
): ShortcutAction | null;
