/** Types of engine.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
export const DETECT_LONG_SIDE: number;
export const RECOGNITION_BATCH: number;
export interface EngineLine {
  text: string;
  mean: number;
  box: number[][];
}
export function loadEngine(options?: { threads?: number; detectLongSide?: number; recognitionBatch?: number }): Promise<{
  recognise(png: Uint8Array): Promise<EngineLine[]>;
}>;
