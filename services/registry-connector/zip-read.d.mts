/** Types of zip-read.mjs, for TypeScript callers. */
export function readZip(bytes: Uint8Array): { name: string; bytes: Uint8Array }[];
export function baseName(name: string): string;
