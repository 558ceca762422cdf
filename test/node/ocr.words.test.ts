/**
 * Word boxes inside an OCR line (services/ocr/words.mjs), on rows drawn like the sandbox's scans
 * (scripts/make-scans.mjs: table cells with rules, Noto Sans SC 21 px, turned like a photo; here the Worker's
 * embedded subset of that face, which has every digit and mark drawn, so no system font is needed): each word's
 * box must hold the ink of the word as drawn, whatever the rules and the empty cells between them.
 */
import { describe, expect, it } from "vitest";
import { wordBoxes } from "../../services/ocr/words.mjs";
import { embeddedFontBytes } from "../../worker/pdf/fonts";

interface Canvas {
  getContext(kind: "2d"): Context;
}
interface Context {
  fillStyle: string;
  strokeStyle: string;
  lineWidth: number;
  font: string;
  textBaseline: string;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { actualBoundingBoxLeft: number; actualBoundingBoxRight: number };
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  stroke(): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
}
const load = (name: string) => import(/* @vite-ignore */ name);
const { createCanvas, GlobalFonts } = (await load("@napi-rs/canvas")) as {
  createCanvas(w: number, h: number): Canvas;
  GlobalFonts: { register(bytes: Uint8Array, name: string): unknown };
};
// A face that fails to register would fall back to whatever the machine has (or to nothing on a bare one).
if (!GlobalFonts.register(embeddedFontBytes(), "Noto Sans SC")) throw new Error("the embedded font did not register");

const W = 900;
const H = 120;
/** Cells as make-scans draws them: x of each cell's left rule, text 10 px in. */
const CELLS = [50, 120, 310, 610, 790, 890];

/** One table row turned by `degrees` about the picture's centre; returns the grey pixels and where each word and the row are. */
function row(cells: string[], degrees: number) {
  const canvas = createCanvas(W, H);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, W, H);
  g.translate(W / 2, H / 2);
  g.rotate((degrees * Math.PI) / 180);
  g.translate(-W / 2, -H / 2);
  g.fillStyle = g.strokeStyle = "#1a1a1a";
  g.lineWidth = 1.5;
  g.font = '21px "Noto Sans SC"';
  g.textBaseline = "middle";
  const line = (x0: number, y0: number, x1: number, y1: number) => (g.beginPath(), g.moveTo(x0, y0), g.lineTo(x1, y1), g.stroke());
  line(CELLS[0]!, 37, CELLS.at(-1)!, 37);
  line(CELLS[0]!, 83, CELLS.at(-1)!, 83);
  for (const x of CELLS) line(x, 37, x, 83);
  const a = (degrees * Math.PI) / 180;
  const turn = ([x, y]: [number, number]): [number, number] => [
    W / 2 + (x - W / 2) * Math.cos(a) - (y - H / 2) * Math.sin(a),
    H / 2 + (x - W / 2) * Math.sin(a) + (y - H / 2) * Math.cos(a),
  ];
  const drawn: Array<{ text: string; left: number; right: number }> = [];
  cells.forEach((text, i) => {
    if (!text) return;
    g.fillText(text, CELLS[i]! + 10, 60);
    const ink = g.measureText(text);
    drawn.push({ text, left: CELLS[i]! + 10 - ink.actualBoundingBoxLeft, right: CELLS[i]! + 10 + ink.actualBoundingBoxRight });
  });
  // The detector's quad: from the first word to the last, padded the way PP-OCR unclips (about 1.5 × the text height).
  const quad = [
    turn([drawn[0]!.left - 6, 44]),
    turn([drawn.at(-1)!.right + 6, 44]),
    turn([drawn.at(-1)!.right + 6, 76]),
    turn([drawn[0]!.left - 6, 76]),
  ];
  const rgba = g.getImageData(0, 0, W, H).data;
  const data = new Uint8Array(W * H);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { grey: { data, width: W, height: H }, quad, drawn, turn };
}

describe("word boxes inside an OCR line", () => {
  for (const degrees of [0, 1.5, -1.2]) {
    it(`finds each word of a table row between rules and empty cells (turned ${degrees}°)`, () => {
      for (const cells of [
        ["1", "8251834757", "70937940", "308,877.79", "2025-08-01"],
        ["6", "", "63091482379333044413", "", ""],
      ]) {
        const { grey, quad, drawn, turn } = row(cells, degrees);
        const words = wordBoxes(grey, quad, drawn.map((d) => d.text).join(" "));
        expect(words?.map((w) => w.text)).toEqual(drawn.map((d) => d.text));
        for (const [i, word] of words!.entries()) {
          const [x0, , x1] = word.box;
          const ink = [turn([drawn[i]!.left, 60]), turn([drawn[i]!.right, 60])];
          // The box holds the word's ink and little more (2 px of slack for anti-aliasing; the tilt adds its share of the line's height).
          expect(x0).toBeLessThanOrEqual(ink[0]![0] + 2);
          expect(x1).toBeGreaterThanOrEqual(ink[1]![0] - 2);
          expect(x1 - x0).toBeLessThan(drawn[i]!.right - drawn[i]!.left + 12);
        }
      }
    });
  }

  it("gives no word boxes when the ink does not split into the line's words", () => {
    const { grey, quad } = row(["1", "8251834757", "70937940", "", ""], 0);
    // The recogniser ran two cells together, or split one: which box is which word is not known.
    expect(wordBoxes(grey, quad, "18251834757 70937940")).toBeNull();
    expect(wordBoxes(grey, quad, "1 8251834757 7093 7940")).toBeNull();
    // One word: the line's box is the word's.
    expect(wordBoxes(grey, quad, "70937940")).toBeNull();
  });

  it("gives none on a blank line (no contrast)", () => {
    const blank = { data: new Uint8Array(W * H).fill(250), width: W, height: H };
    expect(
      wordBoxes(
        blank,
        [
          [10, 40],
          [500, 40],
          [500, 80],
          [10, 80],
        ],
        "1 2",
      ),
    ).toBeNull();
  });
});
