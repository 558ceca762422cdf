/** Types of start-output.mjs for the tests. */
import type { Transform } from "node:stream";
export function redactSecrets(line: string): string;
export function withoutLines(pattern: RegExp): Transform;
