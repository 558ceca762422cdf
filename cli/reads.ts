/** @module The commands that read: `results`, `status`, `registrations`, `entitlements`, `download`. */
import type { ResultFilter } from "../client/index.ts";
import { integer, list, single, UsageError, type Parsed } from "./args.ts";
import type { Context } from "./context.ts";
import { evidenceOfPage, evidenceTable } from "./evidence.ts";
import { EXIT } from "./messages.ts";
import { bytes, progressBar } from "./render.ts";
import { checkSummary, entitlementsView, queriesTable, queryNotes, registrationsTable, resultsTable } from "./views.ts";

function onePositional(args: Parsed, what: string): string {
  const [value, extra] = args.positionals;
  if (!value) throw new UsageError(`give the ${what}`);
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  return value;
}

function paging(args: Parsed) {
  const page = integer(args, "page", 1, 1_000_000);
  const pageSize = integer(args, "page-size", 1, 100);
  return { ...(page !== undefined ? { page } : {}), ...(pageSize !== undefined ? { pageSize } : {}) };
}

function oneOf<T extends string>(args: Parsed, name: string, allowed: readonly T[]): T[] {
  const values = list(args, name);
  const bad = values.find((v) => !(allowed as readonly string[]).includes(v));
  if (bad !== undefined) throw new UsageError(`--${name} takes ${allowed.join(", ")}`);
  return values as T[];
}

function output(context: Context, value: unknown, text: string): number {
  context.io.stdout.write(context.json ? `${JSON.stringify(value, null, 2)}\n` : text);
  return EXIT.ok;
}

export async function results(context: Context): Promise<number> {
  const { client, args } = context;
  const checkId = onePositional(args, "check id: registry-check results <checkId>");
  const sort = single(args, "sort");
  if (sort !== undefined && !["registration", "strength", "hits", "standing"].includes(sort))
    throw new UsageError("--sort takes registration, strength, hits or standing");
  const filter: ResultFilter = {
    resultStatus: oneOf(args, "result", ["pending", "confirmed", "excluded", "unmatched"] as const),
    matchStatus: oneOf(args, "match", ["matched", "unmatched", "pending"] as const),
    strength: oneOf(args, "strength", ["invoice_match", "keyword_only"] as const),
    ...(single(args, "criterion") ? { criterionId: single(args, "criterion")! } : {}),
    ...(sort ? { sort: sort as NonNullable<ResultFilter["sort"]> } : {}),
  };
  const check = await client.getCheck(checkId, context.io.signal);
  const page = await client.listCheckResults(checkId, { ...filter, ...paging(args) });
  const running =
    check.executionStatus === "succeeded" || check.executionStatus === "partial" || check.executionStatus === "failed"
      ? ""
      : "The check is still running: results may change.\n";
  if (context.json) return output(context, { check, results: page }, "");
  const evidence = await evidenceOfPage(client, checkId, page);
  return output(
    context,
    null,
    `${checkSummary(check, context.words)}\n${running}${resultsTable(page, check, context.words)}${evidenceTable(evidence, checkId, context.words)}`,
  );
}

export async function status(context: Context): Promise<number> {
  const { client, args } = context;
  const id = onePositional(args, "task id: registry-check status <queryId | checkId>");
  if (id.startsWith("qry_")) {
    const q = await client.getQuery(id, context.io.signal);
    return output(context, q, `${queriesTable([q], context.words)}${queryNotes([q])}`);
  }
  if (id.startsWith("chk_")) {
    const c = await client.getCheck(id, context.io.signal);
    return output(context, c, checkSummary(c, context.words));
  }
  throw new UsageError("a task id starts with qry_ (query) or chk_ (check)");
}

export async function registrations(context: Context): Promise<number> {
  const { client, args } = context;
  const queryId = onePositional(args, "query id: registry-check registrations <queryId>");
  const search = single(args, "search");
  const parseStatus = oneOf(args, "parse-status", ["completed", "pending", "failed", "missing"] as const);
  const page = await client.listRegistrations(queryId, { ...paging(args), ...(search ? { search } : {}), parseStatus });
  return output(context, page, registrationsTable(page, context.words));
}

export async function entitlements(context: Context): Promise<number> {
  const e = await context.client.getEntitlements(context.io.signal);
  return output(context, e, entitlementsView(e, context.words));
}

/** A server-given file name, safe as a local one (no directories, no leading dots, no control characters). */
function localName(name: string | undefined, documentId: string): string {
  const base =
    (name ?? "")
      .split(/[\\/]/)
      .pop()
      ?.replace(/^\.+/, "")
      .replace(/\p{Cc}/gu, "") ?? "";
  return base || `${documentId.replace(/[^A-Za-z0-9_-]/g, "_")}.bin`;
}

export async function download(context: Context): Promise<number> {
  const { client, io, args } = context;
  const target = onePositional(args, "document id: registry-check download <documentId>");
  const range = single(args, "range");
  const out = single(args, "output");
  let path = out === "-" ? "-" : out;
  let file: Awaited<ReturnType<NonNullable<typeof io.openFile>>> | undefined;
  let lastShown = -1;
  const sink = {
    write: (chunk: Uint8Array) => (path === "-" ? io.stdoutBytes!.write(chunk) : file!.write(chunk)),
  };
  if (path === "-" && !io.stdoutBytes) throw new UsageError("-o - is not available here");
  try {
    const { download: meta, written } = await client.downloadTo(target, sink, {
      ...(range ? { range } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onResponse: async (d) => {
        if (path === "-") return;
        if (!io.openFile) throw new UsageError("writing files is not available here");
        path ??= localName(d.fileName, target);
        file = await io.openFile(path);
      },
      onProgress: (done, total) => {
        if (!io.stderr.isTTY || total === undefined || path === "-") return;
        const percent = Math.floor((done / total) * 100);
        if (percent === lastShown) return;
        lastShown = percent;
        io.stderr.write(`\r\x1b[2K${progressBar(done, total, 24, "bytes")}`);
      },
    });
    if (lastShown >= 0) io.stderr.write("\n");
    const summary = {
      documentId: target,
      file: path,
      bytes: written,
      status: meta.status,
      contentType: meta.contentType,
      ...(meta.range ? { range: meta.range } : {}),
      ...(meta.size !== undefined ? { size: meta.size } : {}),
      ...(meta.etag ? { etag: meta.etag } : {}),
    };
    const where = path === "-" ? "standard output" : path;
    const part = meta.range ? ` (bytes ${meta.range.start}–${meta.range.end} of ${bytes(meta.range.size)})` : "";
    if (context.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else
      (path === "-" ? io.stderr : io.stdout).write(
        `Saved ${bytes(written)}${part} of ${meta.fileName ?? target} to ${where} (${meta.contentType})\n`,
      );
    return EXIT.ok;
  } finally {
    await file?.close();
  }
}
