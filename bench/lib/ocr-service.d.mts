/** Types of ocr-service.mjs, for TypeScript callers (test/node/viewer.browser.test.ts). */
export interface OcrService {
  url: string;
  pid: number;
  readyMs: number;
  modelsMs: number | null;
  memory(): { rssMb: number; peakMb: number };
  cpuSeconds(): number;
  stop(): void;
}

export function startOcrService(options: { port: number; env?: Record<string, string>; healthyWithinMs?: number }): Promise<OcrService>;
