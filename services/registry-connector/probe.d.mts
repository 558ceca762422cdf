/** Types of probe.mjs, for TypeScript callers (the probe's test). */
import type { DebtTypeTable } from "./mappings.mjs";

export interface ProbeReport {
  tls:
    | { plain: true }
    | { error: string }
    | { protocol: string; trusted: boolean; problem: string | null; chain: { subject: string; issuer: string; validTo: string }[] }
    | null;
  logins: { ms: number; token: boolean }[];
  sessions: "several" | "one" | "unknown";
  listings: { kind: string; debtType: string; ms: number; recognised: boolean; count: number | null }[];
  download: { ms: number; entries: number; certificate: boolean } | null;
  slowestMs: number;
  advice: string[];
}
export function runProbe(
  settings: {
    baseUrl: string;
    publicKey: string;
    account: { userName: string; password: string; platformAuthCode: string };
    timeoutMs: number;
    query?: DebtTypeTable;
    sessions?: number;
  },
  subject: string,
  options?: { write?: (line: string) => void; registerNo?: string },
): Promise<ProbeReport>;
