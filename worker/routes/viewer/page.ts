/**
 * @module The evidence viewer's HTML page and its Content-Security-Policy. The page is a static shell:
 * it holds nothing of an account, so it is public like the docs page; everything it shows comes
 * from the open API, fetched by its script with the key the reviewer types in (see index.ts).
 */

/** The open API the page's script calls, on the same origin. */
export const OPEN_API_BASE = "/api/open/v1";

/**
 * Only this origin, for scripts (no inline script, no eval: pdf.js runs with isEvalSupported false),
 * styles, pdf.js's module worker and fetches; no images, frames, forms or plugins. The page itself
 * is never framed (the reviewer must not be tricked into reading a page under someone else's UI).
 */
export const VIEWER_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The key field has no `name`: a form submitted without the script (which CSP form-action 'none'
 * also forbids) could not carry it into a URL. autocomplete=off keeps it out of the browser's store.
 */
export function viewerPage(assets: string): string {
  return `<!doctype html>
<html lang="en" data-api="${OPEN_API_BASE}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Evidence viewer</title>
<link rel="stylesheet" href="${assets}/viewer.css">
<script type="module" src="${assets}/viewer.js"></script>
</head>
<body data-state="starting">
<header><h1>Evidence viewer</h1><span id="result-title"></span></header>
<p id="status" role="status" aria-live="polite"></p>
<noscript>This page needs JavaScript: it draws the document pages with pdf.js.</noscript>
<form id="key-form" autocomplete="off">
<label for="api-key">API key</label>
<input id="api-key" type="password" autocomplete="off" spellcheck="false" required>
<label for="check-id">Check id</label>
<input id="check-id" type="text" autocomplete="off" spellcheck="false" placeholder="chk_…" required>
<label for="result-id">Result (registration id)</label>
<input id="result-id" type="text" autocomplete="off" spellcheck="false" placeholder="reg_…" required>
<button type="submit">Open</button>
<p class="note">The key stays in this tab's memory and is sent only in the X-Api-Key header to this API. Reloading or closing the tab forgets it.</p>
</form>
<main id="viewer" hidden>
<div id="controls">
<button type="button" id="previous" title="Previous evidence (←)">← Previous</button>
<button type="button" id="next" title="Next evidence (→)">Next →</button>
<span id="position"></span>
<button type="button" id="forget">Forget key</button>
</div>
<ol id="evidence-list" aria-label="Evidence of this result"></ol>
<section id="page" aria-label="The page with the hit boxed"><div id="page-frame"></div></section>
<section id="details" aria-label="The hit"></section>
</main>
</body>
</html>
`;
}
