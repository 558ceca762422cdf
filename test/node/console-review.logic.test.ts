/**
 * The review screen's two pieces of logic that need no page: which key press is which shortcut
 * (never a letter while the analyst types the note), and which candidate comes next (the one after
 * the current in the list's order, read before the decision; past the end the first one still
 * awaiting; skipped and refused ones passed over until a new round). The queue reads a tiny in-memory
 * stand-in for the results list and navigation, with the open API's filter semantics.
 */
import { describe, expect, it } from "vitest";
import { shortcutFor } from "../../worker/console/browser/review-keys.js";
import { AWAITING_REVIEW, createReviewQueue } from "../../worker/console/browser/review-queue.js";

const press = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe("the review shortcuts", () => {
  it("map letters and arrows on the page to their actions", () => {
    expect(shortcutFor(press("j"), "page")).toBe("nextEvidence");
    expect(shortcutFor(press("ArrowRight"), "page")).toBe("nextEvidence");
    expect(shortcutFor(press("k"), "page")).toBe("previousEvidence");
    expect(shortcutFor(press("ArrowLeft"), "page")).toBe("previousEvidence");
    expect(shortcutFor(press("c"), "page")).toBe("confirm");
    expect(shortcutFor(press("F"), "page")).toBe("falsePositive");
    expect(shortcutFor(press("n"), "page")).toBe("focusNote");
    expect(shortcutFor(press("s"), "page")).toBe("skip");
    expect(shortcutFor(press("Enter"), "page")).toBe("submit");
    expect(shortcutFor(press("?"), "page")).toBe("help");
    expect(shortcutFor(press("x"), "page")).toBeNull();
    // The browser's own combinations stay the browser's.
    expect(shortcutFor(press("c", { ctrlKey: true }), "page")).toBeNull();
    expect(shortcutFor(press("f", { metaKey: true }), "page")).toBeNull();
  });

  it("are silent while the note is typed, except the submit combination and Escape", () => {
    for (const key of ["j", "k", "c", "f", "n", "s", "?", "Enter", "ArrowLeft", "ArrowRight"])
      expect(shortcutFor(press(key), "note"), key).toBeNull();
    expect(shortcutFor(press("Enter", { ctrlKey: true }), "note")).toBe("submit");
    expect(shortcutFor(press("Enter", { metaKey: true }), "note")).toBe("submit");
    expect(shortcutFor(press("Escape"), "note")).toBe("escape");
  });

  it("leave Enter and arrows to a focused button or radio, which answer them themselves", () => {
    expect(shortcutFor(press("Enter"), "control")).toBeNull();
    expect(shortcutFor(press("ArrowRight"), "control")).toBeNull();
    expect(shortcutFor(press("c"), "control")).toBe("confirm");
    expect(shortcutFor(press("Enter", { ctrlKey: true }), "control")).toBe("submit");
  });
});

/** The check's results in the list's order, with what each is now. */
function resultsApi(rows: Array<{ id: string; matched: boolean; pending: boolean }>, pageSize = 100) {
  const awaiting = () => rows.filter((r) => r.matched && r.pending);
  const reads: string[] = [];
  const api = {
    async json(path: string) {
      reads.push(path);
      const url = new URL(path, "http://x");
      const single = /\/results\/([^/]+)$/.exec(url.pathname);
      if (single) return { registration: { id: single[1] } };
      // The list and the navigation are read under the awaiting-review filter.
      expect(url.search).toContain(AWAITING_REVIEW);
      const navigation = /\/results\/([^/]+)\/navigation$/.exec(url.pathname);
      const list = awaiting();
      if (navigation) {
        const at = list.findIndex((r) => r.id === navigation[1]);
        return {
          total: list.length,
          position: at < 0 ? null : at + 1,
          previousRegistrationId: at > 0 ? list[at - 1]!.id : null,
          nextRegistrationId: at >= 0 && at < list.length - 1 ? list[at + 1]!.id : null,
        };
      }
      const page = Number(url.searchParams.get("page"));
      const size = Math.min(pageSize, Number(url.searchParams.get("pageSize")));
      return { total: list.length, items: list.slice((page - 1) * size, page * size).map((r) => ({ registration: { id: r.id } })) };
    },
  };
  return { api, reads, decide: (id: string) => (rows.find((r) => r.id === id)!.pending = false) };
}

describe("the queue of candidates awaiting review", () => {
  it("goes to the candidate after the decided one, wraps to the first still awaiting, and ends when none awaits", async () => {
    const { api, decide } = resultsApi([
      { id: "reg_a", matched: true, pending: true },
      { id: "reg_x", matched: false, pending: true },
      { id: "reg_b", matched: true, pending: true },
      { id: "reg_c", matched: true, pending: true },
    ]);
    const queue = createReviewQueue(api, "chk_1");
    // Started in the middle (?registration=reg_b).
    const atB = await queue.load("reg_b");
    expect(atB.navigation).toMatchObject({ position: 2, nextRegistrationId: "reg_c" });
    decide("reg_b");
    expect(await queue.next(atB.navigation)).toEqual({ registrationId: "reg_c" });
    const atC = await queue.load("reg_c");
    decide("reg_c");
    // Past the end: the first one still awaiting, before where the analyst started.
    expect(await queue.next(atC.navigation)).toMatchObject({ registrationId: "reg_a", awaiting: 1 });
    const atA = await queue.load("reg_a");
    decide("reg_a");
    expect(await queue.next(atA.navigation)).toEqual({ registrationId: null, awaiting: 0 });
  });

  it("passes over skipped and refused candidates until a new round, reading every page of the list", async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({ id: `reg_${String(i).padStart(3, "0")}`, matched: true, pending: true }));
    const { api, reads } = resultsApi(rows);
    const queue = createReviewQueue(api, "chk_2");
    for (const row of rows.slice(0, 229)) queue.pass(row.id);
    expect(queue.passedCount).toBe(229);
    expect(await queue.next(null)).toMatchObject({ registrationId: "reg_229", awaiting: 230 });
    expect(reads.filter((p) => p.includes("page=3"))).toHaveLength(1);
    queue.pass("reg_229");
    expect(await queue.next(null)).toEqual({ registrationId: null, awaiting: 230 });
    // A navigation naming a passed candidate is not followed either.
    expect((await queue.next({ nextRegistrationId: "reg_005" })).registrationId).toBeNull();
    queue.restart();
    expect(await queue.next(null)).toMatchObject({ registrationId: "reg_000" });
  });
});
