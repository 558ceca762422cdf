/** Types of dev-server.mjs, for TypeScript callers (test/node/viewer.browser.test.ts). */
export interface DevServerCall {
  <T = unknown>(
    path: string,
    options?: { method?: string; json?: unknown; key?: string; admin?: boolean; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; bytes: Uint8Array }>;
}

export interface DevServer {
  base: string;
  admin: string;
  stop(): void;
  call: DevServerCall;
}

export function startDevServer(options: {
  name: string;
  vars?: Record<string, string>;
  port?: number;
  source?: "worktree" | "HEAD";
}): Promise<DevServer>;
