/** @module A piece of a printed value: where it lies in its page's text. */

/** A piece of a value: [start, end) in the text of page `page`. */
export interface Piece {
  page: number;
  start: number;
  end: number;
  text: string;
}
