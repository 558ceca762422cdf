/** Types of bounds.mjs, for TypeScript callers. */
export interface Bounds {
  maxAnswerBytes: number;
  maxZipEntries: number;
  maxEntryBytes: number;
  maxInflatedBytes: number;
}
export const DEFAULT_BOUNDS: Readonly<Bounds>;
export const BOUND_VARIABLES: Readonly<Record<keyof Bounds, string>>;
export class AnswerRefused extends Error {
  constructor(kind: "bounds" | "integrity" | "format", reason: string);
  kind: "bounds" | "integrity" | "format";
  reason: string;
}
