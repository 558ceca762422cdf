/** Types of the replica's server.mjs, for TypeScript callers (the tests' setup). */
export const SERVICES_PATH: string;
export interface Replica {
  url: string;
  servicesUrl: string;
  port: number;
  publicKey: string;
  privateKey: string;
  account: { userName: string; password: string; platformAuthCode: string };
  close(): Promise<void>;
}
export function startReplica(options?: {
  port?: number;
  host?: string;
  slowMs?: number;
  busyAttempts?: number;
  tokenTtlMs?: number;
  account?: { userName: string; password: string; platformAuthCode: string };
  /** How it behaves where the real registry is unknown (behaviour.mjs); PUT /_replica/behaviour changes it while it runs. */
  behaviour?: Record<string, unknown>;
}): Promise<Replica>;
