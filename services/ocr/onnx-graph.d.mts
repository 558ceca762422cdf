/** Types of onnx-graph.mjs, for TypeScript callers (test/node/ocr.fuse.test.ts). */
export interface Node {
  opType: string;
  domain: string;
  name: string;
  inputs: string[];
  outputs: string[];
}
export interface Model {
  nodes: Node[];
  outputs: string[];
}
export function readModel(file: Uint8Array): Model;
export function writeModel(model: Model): Uint8Array;
