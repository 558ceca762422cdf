/** Types of recent.mjs, for TypeScript callers (test/node/ocr.queue.test.ts). */
export const RECENT_ANSWERS: number;
export function requestKey(body: Uint8Array, page: string | null): string;
export function createRecent<T = unknown>(max?: number): { get(key: string): T | undefined; set(key: string, answer: T): void };
