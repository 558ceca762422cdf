/** Types of scan-page-drawing.mjs, for TypeScript callers (test/node/ocr.scale.test.ts). */
import type { ScanPageContent } from "../../worker/upstream/sandbox/scan-pages";
export const PAGE_WIDTH: number;
export const PAGE_HEIGHT: number;
export const FONT_FILES: string[];
export function drawScanPage(page: ScanPageContent): Uint8Array;
