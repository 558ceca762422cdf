import type { Rect } from "./viewer.probes.js";

/** Types of console-review.probes.js (functions that run inside the review page). */
export function reviewSettled(leaving?: string): boolean;
export function reviewState(): {
  state: string;
  registrationId: string;
  checkStatus: string;
  decision: string | null;
  message: string;
  messageKind: string;
};
export function horizontalOverflow(): number;
export function signInHere(credentials: { email: string; password: string }): Promise<number>;
export function drawnHit(): { canvas: Rect | null; boxes: Rect[]; styled: boolean };
export function windowScroll(): number;
