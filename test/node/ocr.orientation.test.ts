/**
 * Pages scanned sideways or upside down (services/ocr/orientation.mjs, docs/ocr.md "Orientation"): the
 * service finds the turn that makes a page upright from its line boxes and PaddleOCR's text-direction
 * classifier, reads the page turned, and answers in the pixels of the picture as sent. A sandbox scan
 * (worker/upstream/sandbox/scans, with its truth) sent at each quarter turn reads every invoice number
 * it prints, in the upright page's reading order, with each number's box where the number stands in
 * the turned picture. Runs the real models in the "node" project.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadEngine } from "../../services/ocr/engine.mjs";
import { settledTurn, unturnBox, unturnPoint, uprightTurn, votingLines } from "../../services/ocr/orientation.mjs";
import { type OcrAnswer, readDocument } from "../../services/ocr/read.mjs";
import truth from "../../worker/upstream/sandbox/scans/truth.json";

/** Node's APIs by name: the workspace's types are the Workers runtime's, without Node's. */
const load = (name: string) => import(/* @vite-ignore */ name);
const [{ createRequire }, { readFileSync }, process] = await Promise.all([load("node:module"), load("node:fs"), load("node:process")]);
/** The service's own sharp (ocr-node's dependency), to turn a page as a scanner lying sideways would. */
const sharp = createRequire(`${process.cwd()}/node_modules/@gutenye/ocr-node/package.json`)("sharp");
const SCANS = "worker/upstream/sandbox/scans/";

type Read = OcrAnswer;

/** Where a picture's point lands when the picture is turned `turn` degrees clockwise (what a scanner lying sideways does). */
function turnedPoint([x, y]: [number, number], turn: number, width: number, height: number): [number, number] {
  if (turn === 90) return [height - y, x];
  if (turn === 180) return [width - x, height - y];
  if (turn === 270) return [y, width - x];
  return [x, y];
}

describe("orientation, pure", () => {
  it("maps a point of a turned picture back to where it was before the turn, for each quarter", () => {
    const [width, height] = [300, 200];
    for (const turn of [0, 90, 180, 270]) {
      for (const point of [
        [0, 0],
        [300, 0],
        [120, 45],
        [300, 200],
      ] as [number, number][]) {
        // The picture as sent is the upright one turned by (360 - turn); its upright reading turns it back.
        const sentWidth = turn % 180 ? height : width;
        const sentHeight = turn % 180 ? width : height;
        const inSent = turnedPoint(point, (360 - turn) % 360, width, height);
        expect(unturnPoint(point, turn, sentWidth, sentHeight)).toEqual(inSent);
      }
    }
    expect(unturnBox([10, 20, 30, 60], 180, 100, 100)).toEqual([70, 40, 90, 80]);
  });

  it("turns a page only when most of its text says so", () => {
    const across = (x: number, y: number, w: number): number[][] => [
      [x, y],
      [x + w, y],
      [x + w, y + 20],
      [x, y + 20],
    ];
    const up = (x: number, y: number, h: number): number[][] => [
      [x, y],
      [x + 20, y],
      [x + 20, y + h],
      [x, y + h],
    ];
    // A form with two vertical labels among its rows stays a form read across.
    expect(votingLines([across(0, 0, 400), across(0, 40, 300), up(500, 0, 100), up(540, 0, 100)]).sideways).toBe(false);
    expect(votingLines([up(0, 0, 400), up(40, 0, 300), across(500, 0, 60)]).sideways).toBe(true);
    // A few lines of symmetric digits read "upside down" do not outvote the page.
    expect(
      uprightTurn(false, [
        { along: 400, flipped: 0.01 },
        { along: 300, flipped: 0.02 },
        { along: 80, flipped: 0.95 },
      ]),
    ).toBe(0);
    expect(
      uprightTurn(false, [
        { along: 400, flipped: 0.99 },
        { along: 300, flipped: 0.97 },
      ]),
    ).toBe(180);
    expect(uprightTurn(true, [{ along: 400, flipped: 0.03 }])).toBe(270);
    expect(uprightTurn(true, [{ along: 400, flipped: 0.98 }])).toBe(90);
  });

  it("stops asking the classifier only when the lines not yet read cannot change the turn", () => {
    // An upright page: its two longest lines hold more than half the length and read upright.
    expect(
      settledTurn(
        false,
        [
          { along: 400, flipped: 0.01 },
          { along: 300, flipped: 0.02 },
        ],
        [200, 150, 100],
      ),
    ).toBe(0);
    // The same lines holding less than half: the rest could still turn the page.
    expect(settledTurn(false, [{ along: 400, flipped: 0.01 }], [300, 200, 100])).toBeNull();
    // Upside down as soon as the flipped lines hold more than half of all of them.
    expect(
      settledTurn(
        true,
        [
          { along: 400, flipped: 0.99 },
          { along: 350, flipped: 0.95 },
        ],
        [300, 200],
      ),
    ).toBe(90);
    // Whatever order the votes come in, a settled turn is the one every vote gives.
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let page = 0; page < 500; page++) {
      const sideways = random() < 0.5;
      const votes = Array.from({ length: 1 + Math.floor(random() * 24) }, () => ({
        along: 20 + Math.floor(random() * 400),
        flipped: random() < 0.4 ? 0.9 + random() * 0.1 : random(),
      })).sort((a, b) => b.along - a.along);
      const all = uprightTurn(sideways, votes);
      for (let heard = 1; heard <= votes.length; heard++) {
        const settled = settledTurn(
          sideways,
          votes.slice(0, heard),
          votes.slice(heard).map((v) => v.along),
        );
        if (settled !== null) expect(settled).toBe(all);
      }
      expect(settledTurn(sideways, votes, [])).toBe(all);
    }
  });
});

describe("a sandbox scan sent at each quarter turn", () => {
  const file = truth.files.find((f) => f.file === "scan-1.jpg")!;
  const bytes = readFileSync(SCANS + file.file);
  let engine: Awaited<ReturnType<typeof loadEngine>>;
  let upright: Read;
  beforeAll(async () => {
    engine = await loadEngine({ threads: 1 });
    upright = await readDocument(engine, new Uint8Array(bytes), null);
  }, 120_000);

  const numbers = file.rows.map((r) => r.number);
  const lineOf = (read: Read, number: string) => read.lines.find((l) => l.text.replace(/\s/g, "").includes(number));

  it("reads the upright page as it is", () => {
    expect(upright.rotation).toBe(0);
    expect(numbers.filter((n) => !lineOf(upright, n))).toEqual([]);
  });

  for (const turn of [90, 180, 270]) {
    it(`reads it turned ${turn}°: every number, in the upright order, boxed where it stands`, { timeout: 120_000 }, async () => {
      const sent = new Uint8Array(await sharp(bytes).rotate(turn).png().toBuffer());
      const read = await readDocument(engine, sent, null);
      expect(read.rotation).toBe((360 - turn) % 360);
      expect([read.width, read.height]).toEqual(turn === 180 ? [upright.width, upright.height] : [upright.height, upright.width]);
      expect(numbers.filter((n) => !lineOf(read, n))).toEqual([]);
      // Reading order: the numbers come in the order the upright page prints them.
      const order = (r: Read) => numbers.map((n) => r.lines.indexOf(lineOf(r, n)!));
      const rank = (xs: number[]) => xs.map((x) => xs.filter((y) => y < x).length);
      expect(rank(order(read))).toEqual(rank(order(upright)));
      // Each number's line box is the upright box, turned with the picture (a few pixels of detection apart).
      for (const n of numbers) {
        const was = lineOf(upright, n)!.box;
        const [a, b] = [
          turnedPoint([was[0], was[1]], turn, upright.width, upright.height),
          turnedPoint([was[2], was[3]], turn, upright.width, upright.height),
        ];
        const expected = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1])];
        const box = lineOf(read, n)!.box;
        box.forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThan(12));
      }
    });
  }
});
