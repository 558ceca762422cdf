/** Types of zip-write.mjs, for TypeScript callers. */
export function writeZip(
  files: ({ name: string; bytes: Uint8Array } | { name: string; deflated: Uint8Array; crc: number; size: number })[],
  options?: { utf8Names?: boolean; badCrc?: boolean },
): Uint8Array;
