/**
 * @module A result's standing on a console page: its phrase from the one vocabulary
 * (schemas/standing-words.ts) in a badge whose data attributes keep the state and whether the conflict
 * is live (in force and still described), for the page's style, its scripts and its tests.
 */
import type { Standing } from "../../schemas/check-result";
import { isLive, standingPhrase } from "../../schemas/standing-words";
import type { Lang } from "./i18n";
import { html, type Html } from "./layout";
import { vocabulary } from "./vocabulary";

/** span.standing[data-state][data-live], or a dash for a result matched before standings were kept. */
export function standingBadge(lang: Lang, standing: Standing | undefined): Html | string {
  if (!standing) return "—";
  return html`<span class="standing" data-state="${standing.state}" data-live="${isLive(standing) ? "true" : "false"}"
    >${standingPhrase(standing, vocabulary(lang))}</span
  >`;
}
