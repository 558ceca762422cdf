/**
 * @module Hits as numbers while a scan runs, objects once it ends.
 *
 * ./look.ts records each confirmed hit as four Int32 (start, end, pattern, via) in a growing
 * typed array; the Hit objects, with their `matched` slices, are made at the end in text order.
 * Objects made during the scan had to survive the young generation's collections until it ended,
 * and sorting them cost a comparator call per comparison. The chains report hits in the order of
 * their last unit, so the starts are almost sorted already: an insertion sort moves few records
 * (the full sort remains for texts where that guess fails).
 */
import type { CompiledTables, Hit, MatchVia, TermKind } from "./types";

export const VIA_EXACT = 0;
export const VIA_RANGE = 1;
export const VIA_SUBSTRING = 2;
export const VIA_LIST = 3;
const VIA: readonly MatchVia[] = ["exact", "range", "substring", "list"];

/** Int32 per recorded hit. */
const STRIDE = 4;

export interface HitLog {
  data: Int32Array;
  /** Recorded hits (records, not Int32). */
  count: number;
}

export function newHitLog(): HitLog {
  return { data: new Int32Array(64 * STRIDE), count: 0 };
}

export function record(log: HitLog, start: number, end: number, pattern: number, via: number): void {
  let data = log.data;
  const k = log.count * STRIDE;
  if (k + STRIDE > data.length) {
    const grown = new Int32Array(data.length * 2);
    grown.set(data);
    log.data = data = grown;
  }
  data[k] = start;
  data[k + 1] = end;
  data[k + 2] = pattern;
  data[k + 3] = via;
  log.count++;
}

/**
 * The hits of the logs (in the order given: the first chain's, then the second's), sorted by
 * start, then end, ties in recording order; with `needsDedupe`, one hit per criterion and span.
 */
export function collectHits(t: CompiledTables, text: string, logs: readonly HitLog[]): Hit[] {
  const count = logs.reduce((n, log) => n + log.count, 0);
  const data = new Int32Array(count * STRIDE);
  let at = 0;
  for (const log of logs) {
    data.set(log.data.subarray(0, log.count * STRIDE), at);
    at += log.count * STRIDE;
  }
  const order = sortedOrder(data, count);
  const hits: Hit[] = [];
  for (let k = 0; k < count; k++) {
    const r = (order[k] as number) * STRIDE;
    const start = data[r] as number;
    const end = data[r + 1] as number;
    const p = t.patterns[data[r + 2] as number];
    if (!p) continue;
    const via = VIA[data[r + 3] as number] as MatchVia;
    for (const c of p.criteria) hits.push(new TextHit(c.id, c.kind, via, start, end, text));
  }
  return t.needsDedupe ? dedupe(hits) : hits;
}

/**
 * A hit whose `matched` text is sliced from the scanned text when it is read. Checks turn hits into
 * evidence by their offsets in the page text and never read it; slicing every hit's text as the scan
 * ended cost about a sixth of the matcher bench's scan (one short string per hit, each surviving into
 * the next young-generation collection).
 */
class TextHit implements Hit {
  readonly #text: string;

  constructor(
    readonly criterionId: string,
    readonly termKind: TermKind,
    readonly via: MatchVia,
    readonly start: number,
    readonly end: number,
    text: string,
  ) {
    this.#text = text;
  }

  get matched(): string {
    return this.#text.slice(this.start, this.end);
  }
}

/** Record numbers in (start, end) order, stable: insertion sort, or a full sort once it moves too much. */
function sortedOrder(data: Int32Array, count: number): Uint32Array {
  const order = new Uint32Array(count);
  const before = (x: number, y: number): boolean => {
    const dx = data[x * STRIDE] as number;
    const dy = data[y * STRIDE] as number;
    return dx < dy || (dx === dy && (data[x * STRIDE + 1] as number) < (data[y * STRIDE + 1] as number));
  };
  let budget = 8 * count + 1024;
  for (let k = 0; k < count; k++) {
    let j = k;
    while (j > 0 && before(k, order[j - 1] as number)) {
      order[j] = order[j - 1] as number;
      j--;
      if (--budget < 0) {
        const all = Array.from({ length: count }, (_, i) => i);
        all.sort(
          (x, y) =>
            (data[x * STRIDE] as number) - (data[y * STRIDE] as number) || (data[x * STRIDE + 1] as number) - (data[y * STRIDE + 1] as number),
        );
        return Uint32Array.from(all);
      }
    }
    order[j] = k;
  }
  return order;
}

/** The first hit of each criterion on each span (hits sorted by span, so a span's hits are adjacent). */
function dedupe(hits: Hit[]): Hit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.start}:${h.end}:${h.criterionId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
