/** Types of orientation.mjs, for TypeScript callers (test/node/ocr.orientation.test.ts). */
export const LINE_ASPECT: number;
export const SIDEWAYS_SHARE: number;
export const FLIPPED_PROBABILITY: number;
export const FLIPPED_SHARE: number;
export const VOTING_LINES: number;
export function lineShape(quad: number[][]): { along: number; vertical: boolean };
export function votingLines(quads: number[][][]): { sideways: boolean; voters: number[] };
export const VOTING_ROUND: number;
export function settledTurn(sideways: boolean, votes: { along: number; flipped: number }[], unheard: number[]): 0 | 90 | 180 | 270 | null;
export function uprightTurn(sideways: boolean, votes: { along: number; flipped: number }[]): 0 | 90 | 180 | 270;
export function unturnPoint(point: [number, number], turn: number, width: number, height: number): [number, number];
export function unturnBox(box: number[], turn: number, width: number, height: number): [number, number, number, number];
export function unturnLines<L extends { box: number[]; quad?: number[][]; words?: { box: number[] }[] }>(
  lines: L[],
  turn: number,
  width: number,
  height: number,
): L[];
