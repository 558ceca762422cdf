/**
 * @module Is a PDF page exactly one JPEG covering the whole page? Scanners' "scan to PDF" writes pages
 * whose content is `q <matrix> cm /Im0 Do Q` over a DCTDecode image; reading that JPEG directly spares a
 * render and a resampling. The test is strict (only q, Q, cm and one Do; the matrices compose to the
 * page's MediaBox; no /Rotate; one DCTDecode filter): anything else is rendered instead.
 * (ISO 32000-1, 8.3.4 "Transformation matrices", 8.9.5 "Image dictionaries".)
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

/** Points of slack between the image's placement and the MediaBox (writers round to 2 decimals). */
const TOLERANCE = 1.5;

/** @param {Uint8Array} bytes @param {number} pageIndex 0-based @returns {Promise<Uint8Array | null>} */
export async function singleJpegOfPage(bytes, pageIndex) {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const page = doc.getPage(pageIndex);
    const rotate = page.node.Rotate();
    if (rotate instanceof PDFNumber && rotate.asNumber() % 360 !== 0) return null;
    const placement = singleImagePlacement(contentText(page.node));
    if (!placement) return null;
    const box = page.getMediaBox();
    const [a, b, c, d, e, f] = placement.matrix;
    const covers =
      Math.abs(b) < 1e-6 &&
      Math.abs(c) < 1e-6 &&
      Math.abs(a - box.width) < TOLERANCE &&
      Math.abs(d - box.height) < TOLERANCE &&
      Math.abs(e - box.x) < TOLERANCE &&
      Math.abs(f - box.y) < TOLERANCE;
    if (!covers) return null;
    const xobjects = page.node.Resources()?.lookup(PDFName.of("XObject"), PDFDict);
    const image = xobjects?.lookup(PDFName.of(placement.name));
    if (!(image instanceof PDFRawStream)) return null;
    if (image.dict.lookup(PDFName.of("Subtype")) !== PDFName.of("Image")) return null;
    const filter = image.dict.lookup(PDFName.of("Filter"));
    const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
    if (only !== PDFName.of("DCTDecode")) return null;
    const jpeg = image.contents;
    return jpeg[0] === 0xff && jpeg[1] === 0xd8 ? jpeg : null;
  } catch {
    return null;
  }
}

function contentText(pageNode) {
  const contents = pageNode.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pageNode.context.lookup(r)) : [contents];
  const parts = streams.map((s) => (s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : new Uint8Array()));
  return parts.map((p) => new TextDecoder("latin1").decode(p)).join("\n");
}

/** The composed matrix and XObject name of a content stream that only places one XObject, else null. */
export function singleImagePlacement(text) {
  const tokens = text.split(/\s+/).filter(Boolean);
  const operands = [];
  let matrix = [1, 0, 0, 1, 0, 0];
  const saved = [];
  let name = null;
  for (const token of tokens) {
    if (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(token) || token.startsWith("/")) {
      operands.push(token);
      continue;
    }
    if (token === "q") saved.push(matrix);
    else if (token === "Q") matrix = saved.pop() ?? matrix;
    else if (token === "cm" && operands.length === 6) matrix = multiply(operands.map(Number), matrix);
    else if (token === "Do" && operands.length === 1 && name === null) name = { name: operands[0].slice(1), matrix };
    else return null;
    operands.length = 0;
  }
  return operands.length === 0 ? name : null;
}

/** m1 × m2 for PDF's [a b c d e f] row-vector matrices: apply m1, then m2. */
function multiply([a1, b1, c1, d1, e1, f1], [a2, b2, c2, d2, e2, f2]) {
  return [a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2, e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2];
}
