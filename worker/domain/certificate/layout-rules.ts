/**
 * @module The reader's layout ratios, named and explained once (issue 29). Distances are in ems of the font
 * size of the text concerned (the larger of two, where two meet) unless named otherwise, so that one rule
 * holds for a page set in 8 pt and one set in 14 pt; shares are of the smaller box's height or width. They
 * were found on the registry's own pages, the corpus's renderers and the layout fuzzer, whose cases vary
 * sizes, leading (1.15–1.6), column positions, wrap widths and stream order.
 */

// Rows: what stands beside what.

/**
 * Two boxes stand on one row when this share of the shorter one's height overlaps: a label and its value
 * set in different sizes on one baseline overlap by far more, a line and the next line of a tight
 * leading by far less.
 */
export const SAME_ROW_SHARE = 0.3;
/** Items of one row in reading order overlap by half the shorter one's height: a stricter row than SAME_ROW_SHARE, since reading order must not merge a row with a wrapped label's second line. */
export const READING_ROW_SHARE = 0.5;
/**
 * A label's box may reach this far past the start of the text beside it: extractors round positions and
 * glyph side bearings differ, so a label and its value set flush can overlap by a fraction of a glyph.
 */
export const LABEL_OVERHANG_EM = 0.5;
/**
 * Text after a gap this wide beyond a label's value on its line is another column's: a cell's own text
 * is spaced by at most a glyph, a table's next column by its padding and rule (two glyphs or more).
 */
export const NEXT_COLUMN_GAP_EM = 1.5;
/**
 * Inside one run of text, a gap between two glyphs this wide is a space the extractor did not write: where
 * a value's field cannot read the run, the words after such a gap may be the value and those before it text
 * printed mid-row (a running number, "33  人民币"). Glyphs of one word touch; a space is a quarter to half an em.
 */
export const MID_ROW_GAP_EM = 0.5;

// Columns: what stands under what.

/**
 * Edges of one column (left, right or centre) differ by at most this: text set flush in a cell starts
 * at the cell's padding on every row, but extractors round and a right-aligned label's end moves with
 * its glyphs' side bearings.
 */
export const COLUMN_EDGE_EM = 0.6;
/** Lines of one cell share their left or right edge within a glyph (justified text and indents move an edge by less). */
export const CELL_EDGE_EM = 1;
/** Lines of a centred cell share their middle within half a glyph: centring a line of odd width rounds. */
export const CENTRED_EDGE_EM = 0.5;
/** Lines of one cell overlap horizontally by at least half the narrower one: a short last line still stands under the one above. */
export const CELL_OVERLAP_X_SHARE = 0.5;
/** A box counts as below another when its top is no higher than this above the other's bottom: boxes of neighbouring rows touch after rounding. */
export const BELOW_TOLERANCE_EM = 0.3;

// Lines of a cell, rows of a table.

/**
 * A cell's next line stands at most this far under its last one (bottom to top): a leading up to twice
 * the size. A table's next row, with its rule and padding, is farther.
 */
export const NEXT_LINE_EM = 1;
/** Lines closer than this (bottom to top) may be one cell's: the search for a page's wrapped-line spacing stops beyond it. */
export const CELL_LINE_REACH_EM = 0.8;
/** Lines of one cell may overlap vertically by up to half a line (mixed sizes on one baseline, tight leading). */
export const STACKED_OVERLAP_EM = 0.5;
/**
 * A gap wider than the page's wrapped-line spacing by more than this share of it, or than
 * SPACING_SLACK_EM, is another cell (a description's last line over a list beside its label).
 */
export const SPACING_SLACK_SHARE = 0.25;
export const SPACING_SLACK_EM = 0.15;
/** The page's wrapped-line spacing is the lower quartile of its line gaps: tall cells are rarer than one-line rows, but their spacing is the tight one. */
export const SPACING_QUANTILE = 0.25;

// Labels.

/**
 * How far apart the lines of one wrapped label may stand: a row's leading is set by its larger values, so
 * a label's lines can be a wide leading apart. Unknown words join a line apart; words that join into a
 * label the vocabulary knows ("组织机构代码/统一社会" over "信用代码") a line and a half apart.
 */
export const WRAPPED_LINE_GAP_EM = 1;
export const KNOWN_WRAP_GAP_EM = 1.5;
/**
 * The most lines one label wraps over: the longest labels ("统一社会信用代码/身份证件号码", 14 characters) in
 * the narrowest label cells (three characters a line) take five, six with a role prefix.
 */
export const WRAPPED_LINES_MAX = 6;
/** Labels of a page are set in one size: text this much larger or smaller (points) is a heading or a value. */
export const LABEL_SIZE_TOLERANCE_PT = 0.3;
/** Known labels that must share an edge before a page counts as set in a label column. */
export const MIN_COLUMN_LABELS = 2;
/** The share of a label column's known labels with their value beside them: most, in a form (some values are empty). */
export const BESIDE_SHARE = 0.5;
/** A line right under a label with nothing beside it, this close, is that label's value (a label set above its value). */
export const UNDER_LABEL_GAP_EM = 0.8;
/** A label centred beside its cell stands within half a line of the middle of the cell's lines. */
export const LABEL_AT_MIDDLE_EM = 0.5;

// Headings.

/**
 * A heading is set at least this much larger than the labels (points): forms set headings a size or a
 * weight up; values set larger than their labels stand right of the label column and are never taken.
 */
export const HEADING_STEP_PT = 1;
/** How far right of the label column's left edge a heading may start. */
export const HEADING_INDENT_EM = 1;

// Lines the reader could not place.

/** On a value's row, text this close after its end (or before its start) is set against it, not in another column. */
export const AGAINST_ON_ROW_EM = 2;

// Newspaper columns (columns.ts): a page whose text runs down a left column, then down a right one.

/** A gutter at least this many ems wide: a table's cell padding and a page's column gap are wider than a space. */
export const NEWSPAPER_GUTTER_EM = 0.8;
/** Each side of a gutter holds at least this many pieces: a few stray runs are no column. */
export const NEWSPAPER_SIDE_MIN = 4;
/** A wrapped value stands beside a row of the other side when they overlap by this share of the shorter one's height. */
export const NEWSPAPER_BESIDE_SHARE = 0.5;
/** Pieces of one side stand on one row when their tops differ by less than this: rows of a column are a line apart. */
export const ROW_TOP_EM = 0.5;
/** A wrapped line starts within this of its first line's left edge (an indent, justification move it by less). */
export const WRAP_EDGE_EM = 1;
/** The line a value wraps from fills its side to within this of the side's right edge: a short line above is a row of its own. */
export const WRAP_FILL_EM = 2;
/** A wrapped line stands at most this far under the line it continues (bottom to top), and its top at least WRAP_BELOW_EM lower. */
export const WRAP_LINE_GAP_EM = 0.8;
export const WRAP_BELOW_EM = 0.5;
/** Points an extractor's rounding moves an edge: a piece starting this close left of a gutter starts at it. */
export const EDGE_ROUNDING_PT = 0.5;
