/** Types of door.mjs, for TypeScript callers. */
export const REGISTER_NO: RegExp;
export function isRegisterNo(value: unknown): value is string;
export function isFileName(value: unknown): value is string;
