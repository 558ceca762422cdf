/** Types of limiter.mjs, for TypeScript callers (test/node/ocr.queue.test.ts). */
export function createLimiter(max: number): {
  run<T>(task: () => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T>;
  stats(): { active: number; queued: number };
};
