/** Types of read.mjs, for TypeScript callers (test/node/ocr.orientation.test.ts). */
import type { Engine } from "./engine.mjs";
/** One request's answer (docs/ocr.md "Contract"). */
export interface OcrAnswer {
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  lines: {
    text: string;
    confidence: number;
    box: [number, number, number, number];
    quad: [number, number][];
    words?: { text: string; box: [number, number, number, number] }[];
  }[];
  ms: number;
  pages?: number;
  page?: number;
  source?: string;
  dpi?: number | null;
}
export function readDocument(engine: Engine, body: Uint8Array, pageParam: string | null): Promise<OcrAnswer>;
