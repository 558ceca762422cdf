/**
 * @module What the review screen's browser test reads inside the page (Playwright sends each function
 * as its source text, so they use nothing from outside their own body).
 */

/**
 * The screen has finished a move: a candidate shown with its evidence drawn (ready comes only after
 * the page is), and not `leaving` if given; or the end of the round; or an error.
 */
export function reviewSettled(leaving) {
  const screen = document.getElementById("review");
  const state = screen?.dataset.state ?? "";
  if (state === "done" || state === "error") return true;
  const shown = screen?.dataset.registrationId ?? "";
  return state === "ready" && shown !== "" && shown !== leaving;
}

export function reviewState() {
  const screen = document.getElementById("review");
  return {
    state: screen?.dataset.state ?? "",
    registrationId: screen?.dataset.registrationId ?? "",
    checkStatus: screen?.dataset.checkStatus ?? "",
    decision: document.querySelector('input[name="decision"]:checked')?.value ?? null,
    message: document.getElementById("review-message")?.textContent ?? "",
    messageKind: document.getElementById("review-message")?.dataset.kind ?? "",
  };
}

/** How far the page is wider than the screen (0: no horizontal overflow). */
export function horizontalOverflow() {
  return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth;
}

/** Signs in through the console's JSON from this origin, so the browser itself keeps the session cookie. */
export async function signInHere({ email, password }) {
  const res = await fetch("/api/console/v1/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
    credentials: "same-origin",
  });
  return res.status;
}

/** The drawn page and the current evidence's boxes, read together (a later layout shift moves both). */
export function drawnHit() {
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  };
  const canvas = document.getElementById("page-canvas");
  const boxes = [...document.querySelectorAll(".hit-box.current")];
  // Styled by the evidence pane's stylesheet: laid over the page, outlined.
  const styled = boxes.every((box) => getComputedStyle(box).position === "absolute" && getComputedStyle(box).outlineStyle !== "none");
  return { canvas: canvas ? rect(canvas) : null, boxes: boxes.map(rect), styled };
}

/** How far the window is scrolled down. */
export function windowScroll() {
  return window.scrollY;
}
