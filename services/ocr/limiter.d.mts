/** Types of limiter.mjs, for TypeScript callers (test/node/ocr.queue.test.ts). */
export function createLimiter(
  max: number,
  options?: { initialMeanMs?: number },
): {
  run<T>(task: () => Promise<T>, timeoutMs: number, signal?: AbortSignal): Promise<T>;
  remainingMs(call: Promise<unknown>): number;
  backlogMs(): number;
  stats(): { active: number; queued: number };
};
