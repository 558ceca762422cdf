/**
 * @module The certificate page (pages/certificate.ts): the file named by #certificate-view's
 * data-document, fetched with the session's cookie and every page drawn, one below the other, by the
 * evidence viewer's own renderer (pdf.js for a PDF, the browser for an image).
 */
import { sessionClient } from "/viewer/assets/api.js";
import { openDocument } from "/viewer/assets/render.js";
import { text } from "./console-api.js";

/** Pages are drawn at most this wide (CSS pixels), narrower when the screen is. */
const MAX_PAGE_WIDTH = 900;

const view = document.getElementById("certificate-view");
const status = document.getElementById("certificate-status");
const pages = document.getElementById("certificate-pages");

function setState(name, message = "") {
  view.dataset.state = name;
  status.textContent = message;
}

async function show() {
  setState("loading", text("certificate.loading"));
  // The path is the console's JSON base already: the client adds nothing before it.
  const file = await sessionClient("", "").file(view.dataset.document ?? "");
  const doc = await openDocument(file);
  const width = Math.min(MAX_PAGE_WIDTH, pages.clientWidth || MAX_PAGE_WIDTH);
  for (let page = 1; page <= doc.pageCount; page += 1) {
    const canvas = await doc.draw(page, width);
    canvas.dataset.page = String(page);
    pages.append(canvas);
  }
  setState("ready");
}

if (view && status && pages) {
  show().catch(() => setState("failed", text("certificate.failed")));
}
