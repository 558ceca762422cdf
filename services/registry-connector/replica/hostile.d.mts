/** Types of hostile.mjs, for TypeScript callers (the tests). */
export function bombEntry(): Promise<{ deflated: Uint8Array; crc: number; size: number }>;
export function echoTokenFault(loginToken: string): string;
export function hugeReturn(bytes: string | number | undefined): Uint8Array;
