/**
 * @module What a command runs with: the process's outside world (`CliIo`, so tests run the CLI
 * in-process) and the parsed command line. Its own module so that main.ts, which dispatches to the
 * commands, and the commands themselves both import it instead of each other.
 */
import type { FetchLike, PollOptions, RegistryClient, Sleep } from "../client/index.ts";
import type { Parsed } from "./args.ts";
import type { Output } from "./progress.ts";
import type { Vocabulary } from "./words.ts";

export interface CliIo {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  fetch?: FetchLike;
  sleep?: Sleep;
  /** Polling intervals and deadline (tests make them short). */
  poll?: PollOptions;
  /** Opens a file for `download -o` (Node: a write stream). */
  openFile?: (path: string) => Promise<{ write(chunk: Uint8Array): Promise<void> | void; close(): Promise<void> | void }>;
  /** Raw bytes to standard output, for `download -o -`. */
  stdoutBytes?: { write(chunk: Uint8Array): Promise<void> | void };
  signal?: AbortSignal;
}

export interface Context {
  client: RegistryClient;
  io: CliIo;
  args: Parsed;
  json: boolean;
  /** The words for the API's codes in the output's language (cli/words.ts). */
  words: Vocabulary;
  poll: PollOptions;
}
