/** Types of time-budget.mjs, for TypeScript callers (worker/config.ts, the tests). */
export const DEFAULT_REGISTRY_TIMEOUT_MS: number;
export const SESSION_WAIT_MS: number;
export const TRANSFER_MARGIN_MS: number;
export function connectorDeadlineMs(settings: { timeoutMs: number; waitForSessionMs?: number }): number;
export function workerTimeoutFloorMs(registryTimeoutMs: number): number;
export function withinDeadline<T>(work: Promise<T>, ms: number, late: () => T): Promise<T>;
