/** Types of visible-text.js (browser code, plain JavaScript) for TypeScript callers: its agreement test. */
export function visibleText(text: string): string;
