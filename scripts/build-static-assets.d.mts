/** Types of build-static-assets.mjs, for test/node/viewer.assets.test.ts and vitest.config.ts. */
export const PUBLIC_DIR: string;
export function wantedFiles(): Map<string, Uint8Array>;
export function buildStaticAssets(): { files: number; written: number; removed: number };
