/** Types of build-viewer-assets.mjs, for test/node/viewer.assets.test.ts. */
export const OUTPUTS: { pdfjs: string; page: string };
export function pdfjsModule(): string;
export function pageModule(): string;
export function staleOutputs(): string[];
