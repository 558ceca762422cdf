/**
 * @module The notice a query's or check's page shows while its task runs, carrying what follow.js needs
 * to follow it: the JSON path, the fields that change as the task progresses, and their values as shown.
 */
import { html, type Html } from "./layout";

export function followingNotice<T extends object, K extends keyof T & string>(
  id: string,
  options: { path: string; task: T; fields: readonly K[]; message: string },
): Html {
  const shown = options.fields.map((f) => String(options.task[f])).join("|");
  return html`<p
    id="${id}"
    class="notice"
    role="status"
    data-follow="${options.path}"
    data-fields="${options.fields.join(",")}"
    data-shown="${shown}"
  >
    ${options.message}
  </p>`;
}
