/**
 * @module Evidence snippets: a window of the original text around a hit.
 *
 * Characters are kept exactly as they are (line breaks included) so that the highlight offsets
 * stay plain UTF-16 arithmetic on the original text: `snippet.slice(highlightStart,
 * highlightEnd) === text.slice(start, end)`. A window stops where text that is no evidence begins
 * (`barriers`: page furniture, a running header or footer, a page number), and white space at its
 * edges is left out.
 */

export interface Snippet {
  snippet: string;
  /** Offset of the snippet's first code unit in the original text. */
  offset: number;
  /** UTF-16 offsets within `snippet`, end exclusive. */
  highlightStart: number;
  highlightEnd: number;
}

const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * About `context` code units either side of [start, end); a window edge that would fall
 * inside a surrogate pair moves outward by one so the pair is kept whole.
 */
export function snippetAround(
  text: string,
  start: number,
  end: number,
  context = 30,
  barriers: ReadonlyArray<{ start: number; end: number }> = [],
): Snippet {
  if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= text.length)) {
    throw new RangeError("snippet range outside the text");
  }
  const span = Math.max(0, Math.floor(context));
  let from = Math.max(0, start - span);
  let to = Math.min(text.length, end + span);
  for (const b of barriers) {
    if (b.end <= start) from = Math.max(from, b.end);
    if (b.start >= end) to = Math.min(to, b.start);
  }
  while (from < start && /\s/.test(text.charAt(from))) from++;
  while (to > end && /\s/.test(text.charAt(to - 1))) to--;
  if (from > 0 && isLow(text.charCodeAt(from)) && isHigh(text.charCodeAt(from - 1))) from--;
  if (to < text.length && isHigh(text.charCodeAt(to - 1)) && isLow(text.charCodeAt(to))) to++;
  return { snippet: text.slice(from, to), offset: from, highlightStart: start - from, highlightEnd: end - from };
}
