/** Types of engine.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
export const DETECT_LONG_SIDE: number;
export const RECOGNITION_BATCH: number;
export interface EngineLine {
  text: string;
  mean: number;
  box: number[][];
}
/** RGBA pixels, 4 bytes each. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}
/** The detection and recognition models' files. */
export const MODEL_FILES: { detector: string; recogniser: string; classifier: string };
/** One model on onnxruntime (rewritten by onnx-fuse.mjs unless `fuseGraphs` is false): `run` answers its first output. */
export function loadModel(
  file: string,
  options?: { threads?: number; fuseGraphs?: boolean },
): Promise<{ run(data: Float32Array, dims: number[]): Promise<{ data: Float32Array; dims: readonly number[] }> }>;
export function detectorInputSize(width: number, height: number, longSide: number): { width: number; height: number };
export function loadEngine(options?: {
  threads?: number;
  detectLongSide?: number;
  recognitionBatch?: number;
  fuseGraphs?: boolean;
  warmUp?: boolean;
}): Promise<{
  /** An encoded picture (any format sharp reads) or RGBA pixels; `costs` gathers CPU seconds per stage. */
  recognise(picture: Uint8Array | Pixels, costs?: Record<string, number>, looked?: Looked): Promise<EngineLine[]>;
  /** The page's lines as detected and the clockwise turn (0, 90, 180, 270) that makes it upright (orientation.mjs). */
  look(picture: Uint8Array | Pixels, costs?: Record<string, number>): Promise<Looked>;
}>;
/** What `look` found: pass it to `recognise` for the same picture when `turn` is 0. */
export interface Looked {
  turn: 0 | 90 | 180 | 270;
}
export type Engine = Awaited<ReturnType<typeof loadEngine>>;
