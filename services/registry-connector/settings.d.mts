/** Types of settings.mjs, for TypeScript callers (the tests). */
import type { ConnectorSettings } from "./connector.mjs";
export const DEFAULT_CONNECTOR_PORT: number;
export function readSettings(env: Record<string, string | undefined>): { ok: true; settings: ConnectorSettings } | { ok: false; problems: string[] };
