import type { DebtTypeTable } from "./mappings.mjs";

/** Types of connector.mjs, for TypeScript callers (the tests, scripts/start-direct.mjs). */
import type { Bounds } from "./bounds.mjs";
export interface ConnectorSettings {
  baseUrl: string;
  publicKey: string;
  account: { userName: string; password: string; platformAuthCode: string };
  token: string;
  sessions: number;
  timeoutMs: number;
  /** The debttype of each kind of subject (mappings.mjs DEBT_TYPES when absent). */
  query?: DebtTypeTable;
  port: number;
  host: string;
  waitForSessionMs?: number;
  refusedCooldownMs?: number;
  /** The first wait before a renewal after a login whose token failed at once (doubles each time). */
  loginBackoffMs?: number;
  cacheMs?: number;
  bounds?: Partial<Bounds>;
}
export interface RunningConnector {
  url: string;
  port: number;
  close(): Promise<void>;
}
export function startConnector(settings: ConnectorSettings, options?: { write?: (line: string) => void }): Promise<RunningConnector>;
