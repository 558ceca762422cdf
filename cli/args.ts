/**
 * @module Command-line arguments: `<command> [positionals] [--option value | --option=value | --flag]`.
 * Each command declares its options, so a typo is an error rather than silently ignored.
 */

export interface OptionSpec {
  /** Takes a value (otherwise a boolean flag). */
  value?: boolean;
  /** May be given more than once; values accumulate. */
  repeat?: boolean;
  /** One-letter alias, e.g. "o" for -o. */
  short?: string;
}

export interface Parsed {
  positionals: string[];
  values: Map<string, string[]>;
  flags: Set<string>;
}

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** Options every command accepts. */
export const COMMON_OPTIONS: Record<string, OptionSpec> = { json: {}, help: { short: "h" }, lang: { value: true } };

export function parseArgs(argv: readonly string[], spec: Record<string, OptionSpec>): Parsed {
  const all = { ...COMMON_OPTIONS, ...spec };
  const byShort = new Map(Object.entries(all).flatMap(([name, s]) => (s.short ? [[s.short, name] as const] : [])));
  const parsed: Parsed = { positionals: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      inline = eq === -1 ? undefined : arg.slice(eq + 1);
    } else if (/^-[A-Za-z]$/.test(arg)) {
      name = byShort.get(arg.slice(1));
      if (!name) throw new UsageError(`unknown option ${arg}`);
    }
    if (name === undefined) {
      parsed.positionals.push(arg);
      continue;
    }
    const option = all[name];
    if (!option) throw new UsageError(`unknown option --${name}`);
    if (!option.value) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      parsed.flags.add(name);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    const list = parsed.values.get(name) ?? [];
    if (list.length > 0 && !option.repeat) throw new UsageError(`--${name} may be given once`);
    parsed.values.set(name, [...list, value]);
  }
  return parsed;
}

export function single(parsed: Parsed, name: string): string | undefined {
  return parsed.values.get(name)?.[0];
}

/** A whole number option within bounds, or undefined when absent. */
export function integer(parsed: Parsed, name: string, min: number, max: number): number | undefined {
  const raw = single(parsed, name);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

/** A comma-separated and/or repeated option as one list. */
export function list(parsed: Parsed, name: string): string[] {
  return (parsed.values.get(name) ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
}
