/** @module A Content-Security-Policy header read as its directives, for the pages' header tests. */

/** `default-src 'none'; script-src 'self'` → Map { "default-src" → ["'none'"], "script-src" → ["'self'"] }. */
export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}
