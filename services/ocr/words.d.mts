/** Types of words.mjs, for TypeScript callers (test/node/ocr.words.test.ts). */
export function wordBoxes(
  grey: { data: Uint8Array; width: number; height: number },
  quad: number[][],
  text: string,
): Array<{ text: string; box: [number, number, number, number] }> | null;
