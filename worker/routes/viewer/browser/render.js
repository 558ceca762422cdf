/**
 * @module Drawing one page: a PDF page through pdf.js (loaded on first use, from this origin, with the
 * bundled GB CMaps that non-embedded Chinese fonts need), or an image attachment decoded by the
 * browser. Both come out as a fresh canvas of the asked CSS width, so boxes are placed the same way
 * on either. A fresh canvas per draw: pdf.js refuses two renders on one canvas, and a stale draw (the
 * reviewer already moved on) is simply dropped.
 */

const ASSETS = new URL(".", import.meta.url);
let pdfjs = null;

function loadPdfjs() {
  pdfjs ??= import("./pdf.min.mjs").then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = new URL("pdf.worker.min.mjs", ASSETS).href;
    return lib;
  });
  return pdfjs;
}

/** @param {ArrayBuffer} bytes */
function isPdf(bytes) {
  return new TextDecoder().decode(new Uint8Array(bytes, 0, Math.min(5, bytes.byteLength))) === "%PDF-";
}

function newCanvas(pixelWidth, pixelHeight, cssWidth, cssHeight) {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(pixelWidth));
  canvas.height = Math.max(1, Math.round(pixelHeight));
  canvas.style.width = `${cssWidth}px`;
  canvas.style.height = `${cssHeight}px`;
  return canvas;
}

async function drawPdfPage(doc, pageNumber, width) {
  const page = await doc.getPage(pageNumber);
  const natural = page.getViewport({ scale: 1 });
  const scale = width / natural.width;
  const ratio = window.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: scale * ratio });
  const canvas = newCanvas(viewport.width, viewport.height, width, natural.height * scale);
  await page.render({ canvas, canvasContext: canvas.getContext("2d"), viewport }).promise;
  return canvas;
}

function drawImage(bitmap, width) {
  const height = (width * bitmap.height) / bitmap.width;
  const ratio = window.devicePixelRatio || 1;
  const canvas = newCanvas(width * ratio, height * ratio, width, height);
  const context = canvas.getContext("2d");
  // Transparent scans would show the page background through: paper is white.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * Opens a downloaded file by its bytes (the magic number, not the name or the header, says PDF).
 * Images the browser cannot decode (TIFF in most browsers) reject here.
 * @param {{bytes: ArrayBuffer, type: string}} file
 */
export async function openDocument(file) {
  if (isPdf(file.bytes)) {
    const lib = await loadPdfjs();
    const doc = await lib.getDocument({
      data: new Uint8Array(file.bytes),
      cMapUrl: new URL("../cmaps/", ASSETS).href,
      cMapPacked: true,
      // The page's CSP forbids eval: pdf.js then draws glyphs without compiled functions.
      isEvalSupported: false,
      enableXfa: false,
    }).promise;
    return {
      kind: "pdf",
      pageCount: doc.numPages,
      draw: (pageNumber, width) => drawPdfPage(doc, pageNumber, width),
      close: () => doc.destroy(),
    };
  }
  const bitmap = await createImageBitmap(new Blob([file.bytes], { type: file.type }));
  return { kind: "image", pageCount: 1, draw: (_pageNumber, width) => drawImage(bitmap, width), close: () => bitmap.close() };
}
