/**
 * @module The page's DOM, built with text nodes only: snippets, file names and numbers come from
 * registry documents, so nothing here is ever parsed as HTML.
 */
import { fill } from "./evidence-words.js";
import { isPlaced, quadBounds } from "./geometry.js";

export const $ = (id) => document.getElementById(id);

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The snippet with its highlightRanges (offsets into the snippet, end exclusive) marked. */
export function snippetNode(evidence) {
  const wrap = element("p", "snippet");
  const text = String(evidence.snippet ?? "");
  const ranges = [...(evidence.highlightRanges ?? [])].sort((a, b) => a.start - b.start);
  let at = 0;
  for (const { start, end } of ranges) {
    if (start < at || end <= start) continue;
    wrap.append(text.slice(at, start), element("mark", "", text.slice(start, end)));
    at = end;
  }
  wrap.append(text.slice(at));
  return wrap;
}

const SOURCE_WORDS = {
  property_description: "propertyDescription",
  certificate_text: "certificateText",
  attachment_text: "attachmentText",
  ocr_text: "ocrText",
  ocr_text_low_confidence: "ocrTextLowConfidence",
};

/** @param {Record<string, string>} words the pane's words (evidence-words.js) */
export function evidenceLabel(evidence, words) {
  const where = evidence.pageNumber ? fill(words.pageShort, { page: evidence.pageNumber }) : words.noPage;
  return `${evidence.termValue} · ${evidence.fileName} · ${where}`;
}

/** The list of a result's evidence, the current one marked; `onPick(index)` on a click. */
export function renderEvidenceList(list, evidence, current, onPick, words) {
  list.replaceChildren(
    ...evidence.map((ev, index) => {
      const item = element("li", index === current ? "current" : "");
      const button = element("button", "", evidenceLabel(ev, words));
      button.type = "button";
      button.dataset.evidenceId = ev.id;
      if (index === current) button.setAttribute("aria-current", "true");
      button.addEventListener("click", () => onPick(index));
      item.append(button);
      return item;
    }),
  );
}

export function renderDetails(container, evidence, pageCount, words) {
  const facts = element("dl", "facts");
  const add = (term, value) => facts.append(element("dt", "", term), element("dd", "", value));
  add(words.term, `${evidence.termKind === "invoice_no" ? words.invoiceNumber : words.keyword} ${evidence.termValue}`);
  add(words.foundIn, words[SOURCE_WORDS[evidence.sourceField]] ?? evidence.sourceField);
  add(words.file, evidence.fileName);
  const page = pageCount ? fill(words.pageOf, { page: evidence.pageNumber, count: pageCount }) : String(evidence.pageNumber);
  add(words.page, evidence.pageNumber ? page : words.pageUnknown);
  container.replaceChildren(facts, snippetNode(evidence));
}

/**
 * Boxes for every placed location of the page (the current evidence's stand out; a click on another
 * selects it). A current evidence known only to the page (precision `page`) frames the whole page.
 * @returns {string} the current evidence's precision, or "none" when the page has no entry for it
 */
export function renderBoxes(layer, frame, locations, currentId, onPick) {
  const boxes = [];
  let precision = "none";
  for (const location of locations) {
    const isCurrent = location.evidenceId === currentId;
    if (isCurrent) precision = location.precision;
    if (!isPlaced(location)) continue;
    for (const quad of location.quads) {
      const b = quadBounds(quad);
      if (!b) continue;
      const box = element("div", isCurrent ? "hit-box current" : "hit-box");
      box.dataset.evidenceId = location.evidenceId;
      box.dataset.precision = location.precision;
      box.style.left = `${b.left * 100}%`;
      box.style.top = `${b.top * 100}%`;
      box.style.width = `${(b.right - b.left) * 100}%`;
      box.style.height = `${(b.bottom - b.top) * 100}%`;
      if (!isCurrent) box.addEventListener("click", () => onPick(location.evidenceId));
      boxes.push(box);
    }
  }
  layer.replaceChildren(...boxes);
  const current = locations.find((l) => l.evidenceId === currentId);
  frame.classList.toggle("page-hit", !current || !isPlaced(current));
  return precision;
}
