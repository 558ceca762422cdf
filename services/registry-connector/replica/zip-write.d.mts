/** Types of zip-write.mjs, for TypeScript callers. */
export function writeZip(files: { name: string; bytes: Uint8Array }[], options?: { utf8Names?: boolean }): Uint8Array;
