/** Types of xml-text.mjs, for TypeScript callers. */
export function charsetOf(contentType: string | null | undefined): string | null;
export function decodeXml(bytes: Uint8Array, httpCharset?: string | null): string;
