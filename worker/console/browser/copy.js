/**
 * @module Copy a value shown once (a new API key, an invitation URL) to the clipboard; where the browser
 * refuses, the text is selected for a manual copy.
 */

/**
 * @param {HTMLElement} source the element holding the text
 * @param {HTMLElement | null} done shown once copied
 */
export async function copyText(source, done) {
  try {
    await navigator.clipboard.writeText(source.textContent ?? "");
  } catch {
    getSelection()?.selectAllChildren(source);
  }
  if (done) done.hidden = false;
}
