/** Types of console-forms.probes.js (functions that run inside a console page). */
export function brokenNumbers(selector: string): { seen: number; broken: Array<{ number: string; lines: number }> };
export function hashGone(): boolean;
