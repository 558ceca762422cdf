/**
 * @module What the browser test reads inside the page. Playwright sends each function as its source
 * text, so they use nothing from outside their own body. Plain JavaScript: the workspace's types are
 * the Workers runtime's, without the DOM's (viewer.probes.d.ts types them for the test).
 */

/** The viewer has finished a move (ready, or an error / the key form) and, if given, shows that evidence. */
export function settledOn(evidenceId) {
  const state = document.body.dataset.state ?? "";
  const shown = document.getElementById("page-frame")?.dataset.evidenceId;
  return ["ready", "error", "locked"].includes(state) && (!evidenceId || shown === evidenceId);
}

export function pageState() {
  return document.body.dataset.state ?? "";
}

/** Share of the page canvas's pixels (or of a region of it, in CSS pixels) that are ink, not paper. */
export function inkShare(region) {
  const canvas = document.getElementById("page-canvas");
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  const [x, y, w, h] = region
    ? [region.left, region.top, region.width, region.height].map((v) => Math.round(v * scale))
    : [0, 0, canvas.width, canvas.height];
  const data = canvas.getContext("2d").getImageData(x, y, Math.max(1, w), Math.max(1, h)).data;
  let ink = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 160 && data[i + 1] < 160 && data[i + 2] < 160) ink++;
  return ink / (data.length / 4);
}

/** The current evidence's boxes as drawn, in page (CSS pixel) coordinates. */
export function currentBoxes() {
  return [...document.querySelectorAll(".hit-box.current")].map((node) => {
    const r = node.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
  });
}

/** Items the page put in web storage: the key must never be there. */
export function storedItems() {
  return localStorage.length + sessionStorage.length;
}
