/** @module A Content-Security-Policy header as its directives: name → source list (tests of the pages' policies). */
export function cspDirectives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]): [string, string[]] => [name!, values]),
  );
}
