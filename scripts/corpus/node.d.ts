/**
 * The few Node APIs (and the one untyped package) the corpus builder calls, typed here because the
 * workspace has no @types/node (its types are the Workers runtime's). Checked with `npx tsc --noEmit -p scripts/corpus`.
 */
declare module "node:fs" {
  export function readFileSync(path: string): Uint8Array;
  export function writeFileSync(path: string, data: string | Uint8Array): void;
  export function mkdirSync(path: string, options?: { recursive?: boolean }): void;
  export function readdirSync(path: string): string[];
  export function rmSync(path: string, options?: { recursive?: boolean; force?: boolean }): void;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
}

declare module "node:child_process" {
  export function execFileSync(
    file: string,
    args: readonly string[],
    options?: { encoding?: "utf8"; input?: string; stdio?: unknown; timeout?: number },
  ): string;
}

/** subset-font (hb-subset in WebAssembly) ships no types. */
declare module "subset-font" {
  export default function subsetFont(font: Uint8Array, text: string, options?: { targetFormat?: "truetype" | "sfnt" }): Promise<Uint8Array>;
}
