/**
 * The viewer's served files are generated (scripts/build-viewer-assets.mjs) and committed: they must
 * be what the browser sources and the installed pdfjs-dist give today, or the Worker serves old code.
 */
import { describe, expect, it } from "vitest";
import { staleOutputs } from "../../scripts/build-viewer-assets.mjs";
import { quadBounds } from "../../worker/routes/viewer/browser/geometry.js";

describe("the evidence viewer's generated assets", () => {
  it("are up to date with worker/routes/viewer/browser/ and pdfjs-dist (else run node scripts/build-viewer-assets.mjs)", () => {
    expect(staleOutputs()).toEqual([]);
  });
});

describe("a quad on the page", () => {
  it("is the bounds of its points, clamped to the page, whatever its corner order", () => {
    expect(quadBounds([0.4, 0.1, 0.5, 0.1, 0.5, 0.12, 0.4, 0.12])).toEqual({ left: 0.4, top: 0.1, right: 0.5, bottom: 0.12 });
    // A slanted OCR region: the box covers it whole.
    expect(quadBounds([0.2, 0.3, 0.6, 0.25, 0.62, 0.35, 0.22, 0.4])).toEqual({ left: 0.2, top: 0.25, right: 0.62, bottom: 0.4 });
    expect(quadBounds([-0.1, 0.9, 1.2, 0.9, 1.2, 1.1, -0.1, 1.1])).toEqual({ left: 0, top: 0.9, right: 1, bottom: 1 });
    expect(quadBounds([0.1, 0.2])).toBeNull();
    expect(quadBounds([0.1, Number.NaN, 0.2, 0.3])).toBeNull();
  });
});
