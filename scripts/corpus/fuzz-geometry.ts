/**
 * @module The page geometry the layout fuzzer varies (fuzz-layout.ts sets a certificate with it): where
 * the label column stands and how wide it is (labels wrap inside it), where the value column starts, the
 * sizes of labels and values, line spacing, one or two label/value pairs a row, cells centred vertically
 * or set from their top, labels left- or right-aligned, the order the text objects are written to the
 * content stream, the font, and whether the description runs beside its label or under it.
 */
import fc from "fast-check";

export type StreamOrder = "reading" | "values-first" | "shuffled";

export interface FuzzGeometry {
  /** Left edge of the table, points. */
  marginX: number;
  /** Width of a label cell, points: a label longer than this wraps over lines inside it. */
  labelWidth: number;
  /** Extra space between the label cell and the value's first character, points. */
  valueGap: number;
  labelSize: number;
  valueSize: number;
  /** Baseline to baseline, as a share of the larger size. */
  leading: number;
  pairsPerRow: 1 | 2;
  /** A cell's lines centred in its row (report engines) or set from the row's top. */
  centred: boolean;
  labelAlign: "left" | "right";
  order: StreamOrder;
  /** The non-embedded STSong-Light (UniGB-UCS2-H), or the embedded Noto Sans SC subset where it covers the text. */
  font: "stsong" | "embedded";
  /** The description's lines in the value column beside its label, or full width under it. */
  descriptionPlacement: "beside" | "below";
  /** The certificate number grouped by four digits ("0366 8300 …") on its row. */
  groupedNumber: boolean;
}

/** Sizes in points, in steps a report designer would pick. */
const size = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);

export const fuzzGeometry: fc.Arbitrary<FuzzGeometry> = fc.record({
  marginX: fc.integer({ min: 28, max: 72 }),
  labelWidth: fc.integer({ min: 44, max: 120 }),
  valueGap: fc.integer({ min: 0, max: 24 }),
  labelSize: size(7.5, 10),
  valueSize: size(8, 11.5),
  leading: fc.integer({ min: 125, max: 160 }).map((n) => n / 100),
  pairsPerRow: fc.constantFrom(1 as const, 2 as const),
  centred: fc.boolean(),
  labelAlign: fc.constantFrom("left" as const, "right" as const),
  order: fc.constantFrom<StreamOrder>("reading", "values-first", "shuffled"),
  font: fc.constantFrom("stsong" as const, "embedded" as const),
  descriptionPlacement: fc.constantFrom("beside" as const, "below" as const),
  groupedNumber: fc.boolean(),
});
