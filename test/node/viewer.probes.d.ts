/** Types of viewer.probes.js (functions that run inside the viewer page). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
export function settledOn(evidenceId?: string): boolean;
export function pageState(): string;
export function inkShare(region?: { left: number; top: number; width: number; height: number }): number;
export function currentBoxes(): Rect[];
export function storedItems(): number;
