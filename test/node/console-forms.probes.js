/**
 * @module What the console forms' browser test reads inside a page (Playwright sends each function as
 * its source text, so they use nothing from outside their own body).
 */

/**
 * Numbers drawn on more than one line: every run of 6 or more digits inside the given elements, each
 * measured with a Range (a number broken inside has two line boxes). Returns those broken, with how
 * many line boxes each took.
 * @param {string} selector
 */
export function brokenNumbers(selector) {
  const broken = [];
  let seen = 0;
  for (const element of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.textContent.matchAll(/\d{6,}/g)) {
        seen += 1;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push({ number: match[0], lines: lines.size });
      }
    }
  }
  return { seen, broken };
}

/** The address bar holds no fragment (the invitation page has read and dropped its token). */
export function hashGone() {
  return location.hash === "";
}
