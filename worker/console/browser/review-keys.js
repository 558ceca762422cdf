/**
 * @module The review screen's keyboard shortcuts: which action a key press asks for (pure, so the
 * table the page documents behind "?" and the one it obeys are the same). While the analyst types in
 * the note, no letter is a shortcut: only the submit combination (Ctrl+Enter, ⌘+Enter) and Escape
 * (leave the note) act.
 */

/** Key → action, outside the note. The help dialog lists these in this order. */
export const SHORTCUTS = [
  { keys: ["j", "→"], action: "nextEvidence" },
  { keys: ["k", "←"], action: "previousEvidence" },
  { keys: ["c"], action: "confirm" },
  { keys: ["f"], action: "falsePositive" },
  { keys: ["n"], action: "focusNote" },
  { keys: ["Enter", "Ctrl+Enter"], action: "submit" },
  { keys: ["s"], action: "skip" },
  { keys: ["?"], action: "help" },
  { keys: ["Esc"], action: "escape" },
];

const BY_KEY = new Map([
  ["j", "nextEvidence"],
  ["ArrowRight", "nextEvidence"],
  ["k", "previousEvidence"],
  ["ArrowLeft", "previousEvidence"],
  ["c", "confirm"],
  ["f", "falsePositive"],
  ["n", "focusNote"],
  ["Enter", "submit"],
  ["s", "skip"],
  ["?", "help"],
  ["Escape", "escape"],
]);

/**
 * @param {{ key: string, ctrlKey: boolean, metaKey: boolean, altKey: boolean }} press
 * @param {"note" | "control" | "page"} focus where the key was pressed: the note, another form
 *   control (a button or a radio answers Enter and arrows itself), or the page
 * @returns {string | null} the action, or null when the key is not a shortcut there
 */
export function shortcutFor(press, focus) {
  const combo = press.ctrlKey || press.metaKey;
  if (press.key === "Enter" && combo && !press.altKey) return "submit";
  if (focus === "note") return press.key === "Escape" ? "escape" : null;
  if (combo || press.altKey) return null;
  const action = BY_KEY.get(press.key.length === 1 ? press.key.toLowerCase() : press.key) ?? null;
  if (focus === "control" && (press.key === "Enter" || press.key.startsWith("Arrow"))) return null;
  return action;
}
