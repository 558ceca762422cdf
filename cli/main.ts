/**
 * @module `registry-check`: the open API from a terminal, on the typed client. Everything outside
 * the process (fetch, files, clock, output) comes in through `CliIo`, so tests run it in-process.
 */
import { DEFAULT_BASE_URL, RegistryClient } from "../client/index.ts";
import { parseArgs, UsageError, type OptionSpec } from "./args.ts";
import { failFast } from "./connection.ts";
import type { CliIo, Context } from "./context.ts";
import { EXIT, explain } from "./messages.ts";
import { download, entitlements, registrations, results, status } from "./reads.ts";
import { check, query } from "./tasks.ts";
import { outputWords } from "./words.ts";

export type { CliIo } from "./context.ts";

interface Command {
  usage: string;
  options: Record<string, OptionSpec>;
  run: (context: Context) => Promise<number>;
}

const WAITING: Record<string, OptionSpec> = { "no-wait": {}, timeout: { value: true }, "idempotency-key": { value: true } };
const PAGING: Record<string, OptionSpec> = { page: { value: true }, "page-size": { value: true } };

const COMMANDS: Record<string, Command> = {
  query: {
    usage: `query <subject>... [--no-wait] [--timeout <seconds>] [--idempotency-key <key>] [--json]
    Queries the registrations of 1 to 100 subjects (enterprise names or 18-digit identity numbers),
    shows a progress bar per query (documents processed / total) and, when done, tables of the results.`,
    options: WAITING,
    run: query,
  },
  check: {
    usage: `check --applicant <name> [--invoice <number>]... [--keyword <text>]... [--source-query <queryId>]
      [--no-wait] [--timeout <seconds>] [--idempotency-key <key>] [--json]
    Checks whether invoice numbers or keywords appear in the applicant's registrations. Without
    --source-query the registrations are queried anew (1 query + 1 check allowance).`,
    options: {
      ...WAITING,
      applicant: { value: true },
      invoice: { value: true, repeat: true },
      keyword: { value: true, repeat: true },
      "source-query": { value: true },
    },
    run: check,
  },
  results: {
    usage: `results <checkId> [--result pending,confirmed,excluded,unmatched] [--match matched,unmatched,pending]
      [--strength invoice_match,keyword_only] [--criterion <criterionId>] [--sort registration|strength|hits|standing]
      [--page <n>] [--page-size <n>] [--json]
    A check's summary and its results (all of them unless filtered).`,
    options: {
      ...PAGING,
      result: { value: true, repeat: true },
      match: { value: true, repeat: true },
      strength: { value: true, repeat: true },
      criterion: { value: true },
      sort: { value: true },
    },
    run: results,
  },
  download: {
    usage: `download <documentId | url> [--range <first>-<last> | <first>- | -<suffix>] [-o <file> | -o -] [--json]
    Streams a certificate or attachment file to <file> (default: its own name; "-" for standard
    output), resuming after a broken connection.`,
    options: { range: { value: true }, output: { value: true, short: "o" } },
    run: download,
  },
  status: {
    usage: `status <queryId | checkId> [--json]
    Reads one query or check once.`,
    options: {},
    run: status,
  },
  registrations: {
    usage: `registrations <queryId> [--search <text>] [--parse-status completed,pending,failed,missing] [--page <n>] [--page-size <n>] [--json]
    A query's registrations.`,
    options: { ...PAGING, search: { value: true }, "parse-status": { value: true, repeat: true } },
    run: registrations,
  },
  entitlements: {
    usage: `entitlements [--json]
    The account's subscription and allowances.`,
    options: {},
    run: entitlements,
  },
};

function help(): string {
  const commands = Object.values(COMMANDS)
    .map((c) => `  registry-check ${c.usage}`)
    .join("\n\n");
  return `registry-check: the Registry Query and Duplicate-Check Open API from the command line.

Environment:
  REGISTRY_API_KEY   the API key (required)
  REGISTRY_API_URL   the deployment's address (default ${DEFAULT_BASE_URL})
  LC_ALL, LC_MESSAGES, LANG
                     the language of states and kinds in tables: Chinese when the first one set
                     names zh (zh_CN.UTF-8), otherwise English (the default)

Commands:
${commands}

Every command takes --json (machine-readable output on standard output, the API's codes as they are),
--lang zh|en (the language of states and kinds, instead of the locale's) and --help.
Exit status: 0 done, 1 refused by the API, 2 usage, 3 deadline passed (tasks still running),
4 unexpected response (task not treated as complete), 5 no answer from the service.
`;
}

/** Runs one command line; returns the exit status. Never throws. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name = "", ...rest] = argv;
  if (name === "" || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(help());
    return name === "" ? EXIT.usage : EXIT.ok;
  }
  try {
    const command = COMMANDS[name];
    if (!command) throw new UsageError(`unknown command "${name}"`);
    const args = parseArgs(rest, command.options);
    if (args.flags.has("help")) {
      io.stdout.write(`registry-check ${command.usage}\n`);
      return EXIT.ok;
    }
    const apiKey = io.env.REGISTRY_API_KEY?.trim();
    if (!apiKey) throw new UsageError("set REGISTRY_API_KEY to your API key (npm start prints a demo key)");
    const baseUrl = io.env.REGISTRY_API_URL?.trim() || DEFAULT_BASE_URL;
    const transport = failFast(baseUrl, io.fetch ?? ((request) => fetch(request)), io.sleep);
    const client = new RegistryClient({ apiKey, baseUrl, ...transport });
    const words = outputWords(args, io.env);
    return await command.run({
      client,
      io,
      args,
      json: args.flags.has("json"),
      words,
      poll: { ...io.poll, ...(io.signal ? { signal: io.signal } : {}) },
    });
  } catch (error) {
    const { lines, exit } = explain(error, COMMANDS[name] ? name : "");
    io.stderr.write(`${lines.join("\n")}\n`);
    return exit;
  }
}
