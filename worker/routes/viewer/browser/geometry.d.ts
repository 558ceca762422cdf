/** Types of geometry.js (browser code, plain JavaScript) for TypeScript callers: the browser test. */
export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
export function quadBounds(quad: number[]): Bounds | null;
export function boxOnPage(quad: number[], width: number, height: number): Box | null;
export function isPlaced(location: { precision: string; quads: number[][] } | null | undefined): boolean;
