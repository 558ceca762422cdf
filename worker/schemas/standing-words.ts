/**
 * @module A result's standing in words (console-api.md: "the console shows its standing in words beside
 * the strength"), one phrase for the console's pages, the CLI and the export, from the one vocabulary
 * (./vocabulary-words.ts standing, standingNote): the state, the date it holds to, the cancellation,
 * whether a later change still describes what was matched, and a chain that could not be read whole.
 * Type-only imports: the CLI runs this file under Node's type stripping.
 */
import type { Standing } from "./check-result";
import type { Vocabulary } from "./vocabulary-words";

const fill = (template: string, value: string) => template.replace(/\{\w+\}/, value);

/** "In force until 2027-01-10", "Cancelled (cancellation 4132…)", "Standing unknown; the chain was cut…". */
export function standingPhrase(s: Standing, words: Vocabulary): string {
  const n = words.standingNote;
  const head =
    s.state === "cancelled" && s.cancelledBy
      ? fill(n.cancelledBy, s.cancelledBy.certificateNumber)
      : s.state === "in_force" && s.effectiveUntil
        ? fill(n.until, s.effectiveUntil)
        : s.state === "expired" && s.effectiveUntil
          ? fill(n.expiredOn, s.effectiveUntil)
          : words.standing[s.state];
  const notes: string[] = [];
  if (s.stillDescribed === false) notes.push(n.noLongerDescribed);
  if (s.stillDescribed === true) notes.push(n.stillDescribed);
  if (s.basis === "unknown") notes.push(n.unread);
  return [head, ...notes].join(n.separator);
}

/** A live conflict: in force and still described (what "live conflicts first" puts first). */
export function isLive(s: Standing): boolean {
  return s.state === "in_force" && s.stillDescribed !== false;
}
