/** Types of scan-kernel.mjs, for TypeScript callers (test/node/matching.scan-kernel.test.ts). */
export const SCAN_KERNEL_DIR: string;
export function assembleScanKernel(): Promise<Uint8Array>;
export function readCommittedScanKernel(): Uint8Array;
