/** Types of zip-read.mjs, for TypeScript callers. */
export function readZip(
  bytes: Uint8Array,
  bounds?: { maxZipEntries?: number; maxEntryBytes?: number; maxInflatedBytes?: number },
): { name: string; bytes: Uint8Array }[];
export function baseName(name: string): string;
