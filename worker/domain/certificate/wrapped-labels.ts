/**
 * @module Labels wrapped inside a narrow table cell ("关联的初始登" over "记编号", "买受人法定代" over "表人"): the
 * cell's first piece starts a label, a piece in the same column on one of the next two lines ends it. The
 * pieces are found by position (a cell starts where a run follows a wide gap), the label is put back
 * together on the first line, and the ending piece is blanked out of its line (with spaces, so every
 * offset stays that of the page text).
 */
import { type LabelMatch, isLabelPrefix, isSectionHeading, labelAt, labelEntry, labelsIn, matchRoleHeading } from "./labels";
import type { SourceLine } from "./lines";
import { COLUMN_EDGE_EM } from "./layout-rules";

interface Segment {
  start: number;
  end: number;
  text: string;
}

function segments(line: SourceLine): Segment[] {
  const starts = [0, ...(line.geometry?.cellStarts ?? [])];
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? line.text.length;
    const raw = line.text.slice(start, end);
    return { start, end: start + raw.trimEnd().length, text: raw.trim() };
  });
}

export interface PreparedLines {
  lines: SourceLine[];
  /** Every line's labels, those put together from wrapped pieces included, left to right, by line index. */
  labels: LabelMatch[][];
}

export function joinWrappedLabels(input: readonly SourceLine[]): PreparedLines {
  const lines = input.map((l) => ({ ...l }));
  const joined = new Map<number, LabelMatch[]>();
  const found = lines.map((line) => labelsIn(line.text, line.geometry?.cellStarts ?? []));
  lines.forEach((line, i) => {
    if (!line.geometry) return;
    const own = found[i] ?? [];
    for (const seg of segments(line)) {
      if (!isLabelPrefix(seg.text) || own.some((h) => h.start <= seg.start && h.valueStart > seg.start)) continue;
      // A role heading over its first label ("债务人" over "类型") is a heading, not half a label.
      if (matchRoleHeading(seg.text) || isSectionHeading(seg.text)) continue;
      const x = line.geometry.xAt(seg.start);
      const right = line.geometry.xAt(seg.end);
      for (const k of [i + 1, i + 2]) {
        const next = lines[k];
        const g = next?.geometry;
        if (!next || !g || next.page !== line.page) break;
        const size = g.size;
        // Left-aligned label cells wrap under the start, right-aligned ones under the end.
        const tail = segments(next).find((s) => {
          if (!s.text) return false;
          const word = /^\S+/.exec(s.text)?.[0] ?? "";
          const start = s.start + (next.text.slice(s.start).length - next.text.slice(s.start).trimStart().length);
          return Math.abs(g.xAt(start) - x) < size * COLUMN_EDGE_EM || Math.abs(g.xAt(start + word.length) - right) < size * COLUMN_EDGE_EM;
        });
        if (!tail) continue;
        const ending = /^\S+/.exec(tail.text)?.[0] ?? "";
        // The piece below that is a label of its own starts a row of its own.
        if (labelAt(next.text, tail.start)) continue;
        const entry = labelEntry(seg.text + ending);
        if (!entry) continue;
        const hit: LabelMatch = { ...entry, label: seg.text + ending, start: seg.start, valueStart: seg.end, colon: false };
        joined.set(i, [...(joined.get(i) ?? []), hit]);
        const at = next.text.indexOf(ending, tail.start);
        next.text = next.text.slice(0, at) + " ".repeat(ending.length) + next.text.slice(at + ending.length);
        found[k] = labelsIn(next.text, g.cellStarts);
        break;
      }
    }
  });
  const labels = found.map((hits, i) => [...hits, ...(joined.get(i) ?? [])].sort((a, b) => a.start - b.start));
  return { lines, labels };
}
