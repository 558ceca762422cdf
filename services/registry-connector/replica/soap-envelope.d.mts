/** Types of soap-envelope.mjs, for TypeScript callers (the tests). */
import type { WsdlService } from "./wsdl.mjs";

export function readRequest(xml: string, service: WsdlService): { ok: true; parameters: Map<string, Uint8Array> } | { ok: false; reason: string };
export function writeAnswer(service: WsdlService, bytes: Uint8Array): string;
export function writeFault(service: WsdlService | null, message: string, options?: { client?: boolean }): string;
