/** Types of connector.mjs, for TypeScript callers (the tests, scripts/start-direct.mjs). */
import type { Bounds } from "./bounds.mjs";
export interface ConnectorSettings {
  baseUrl: string;
  publicKey: string;
  account: { userName: string; password: string; platformAuthCode: string };
  token: string;
  sessions: number;
  timeoutMs: number;
  query: { debtType: string; confirm: string };
  port: number;
  host: string;
  waitForSessionMs?: number;
  refusedCooldownMs?: number;
  cacheMs?: number;
  bounds?: Partial<Bounds>;
}
export interface RunningConnector {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startConnector(settings: ConnectorSettings, options?: { write?: (line: string) => void }): Promise<RunningConnector>;
