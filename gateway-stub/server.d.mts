/** Types of the gateway stub's Node API (server.mjs), for the test setup that starts it. */
export interface GatewayStubOptions {
  port?: number;
  host?: string;
  token?: string;
  /** How long every call of a 慢 subject takes (the sandbox's slowCallMs). */
  slowMs?: number;
  /** Attempts on which a 排队 subject's listing is busy. */
  busyAttempts?: number;
}

export interface GatewayStub {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startGatewayStub(options?: GatewayStubOptions): Promise<GatewayStub>;
export function loadWorkerModules(): Promise<Record<string, unknown>>;
