/** Types of der.mjs, for TypeScript callers. */
export interface CiphertextParts {
  x: Uint8Array;
  y: Uint8Array;
  c3: Uint8Array;
  c2: Uint8Array;
}
export function encodeCiphertext(parts: CiphertextParts): Uint8Array;
export function decodeCiphertext(der: Uint8Array): CiphertextParts;
