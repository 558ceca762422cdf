/** Types of onnx-fuse.mjs, for TypeScript callers (test/node/ocr.fuse.test.ts). */
export function fuseModel(file: Uint8Array): { bytes: Uint8Array; before: Record<string, number>; after: Record<string, number> };
