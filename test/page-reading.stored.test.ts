import { describe, expect, it } from "vitest";
import { parseStoredPages, storedPagesJson, unpackPage } from "../worker/domain/page-reading";

describe("a document's stored pages (texts and boxes in one R2 object)", () => {
  it("round-trips texts and boxes, boxes to a hundredth", () => {
    const json = storedPagesJson([
      { text: "发票号码 12345678", boxes: [{ start: 0, end: 4, x: 10.123, y: 20.456, width: 40.004, height: 9.999 }] },
      { text: "第二页", boxes: [] },
    ]);
    const stored = parseStoredPages(JSON.parse(json));
    expect(stored?.texts).toEqual(["发票号码 12345678", "第二页"]);
    expect(unpackPage(stored!.boxes!, 1)).toEqual([{ start: 0, end: 4, x: 10.12, y: 20.46, width: 40, height: 10 }]);
    expect(unpackPage(stored!.boxes!, 2)).toEqual([]);
  });

  it("reads a bare array of page texts as texts without boxes", () => {
    expect(parseStoredPages(["一", "二"])).toEqual({ texts: ["一", "二"], boxes: null });
  });

  it("refuses what is neither form", () => {
    for (const value of [null, 3, "text", { pages: ["x"] }, { texts: [1, 2] }, [1, "a"]]) expect(parseStoredPages(value)).toBeNull();
  });
});
