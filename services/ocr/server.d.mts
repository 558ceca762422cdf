/** Types of server.mjs, for TypeScript callers (test/node/ocr.queue.test.ts): the part of node's http.Server they use. */
export function createOcrServer(options: {
  engine: Promise<{ read(body: Uint8Array, page: string | null): Promise<object> }>;
  token?: string;
  maxBytes: number;
  timeoutMs: number;
  concurrency: number;
  maxQueued?: number;
  queuedForMs?: number;
  log?: (line: string) => void;
}): {
  listen(port: number, host: string, listening: () => void): void;
  address(): { port: number } | string | null;
  close(): void;
};

/** `Prefer: wait=<seconds>` in milliseconds, or null when absent or not a whole number ≥ 1. */
export function preferredWaitMs(header: string | undefined): number | null;
