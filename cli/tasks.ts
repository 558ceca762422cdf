/** @module The commands that create tasks: `query` and `check`, each waiting with progress bars. */
import { isQueryTerminal, type Check, type CriterionInput, type Query } from "../client/index.ts";
import { integer, single, UsageError } from "./args.ts";
import type { Context } from "./context.ts";
import { evidenceOfPage, evidenceTable } from "./evidence.ts";
import { EXIT } from "./messages.ts";
import { ProgressBoard } from "./progress.ts";
import { checkSummary, queriesTable, queryNotes, registrationsTable, resultsTable } from "./views.ts";
import type { Vocabulary } from "./words.ts";

/** Registration tables are printed for at most this many queries; the rest get a hint. */
const DETAILED_QUERIES = 3;

function creation(context: Context) {
  const key = single(context.args, "idempotency-key");
  const timeout = integer(context.args, "timeout", 1, 7 * 24 * 3600);
  return {
    createOptions: { ...(key ? { idempotencyKey: key } : {}), ...(context.io.signal ? { signal: context.io.signal } : {}) },
    poll: { ...context.poll, ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}) },
    wait: !context.args.flags.has("no-wait"),
  };
}

function queryProgress(q: Query, words: Vocabulary) {
  return { id: q.id, label: q.subjectName, state: words.execution[q.executionStatus], done: q.processedDocumentCount, total: q.totalDocumentCount };
}

export async function query(context: Context): Promise<number> {
  const { client, io, args, json, words } = context;
  const subjects = args.positionals;
  if (subjects.length === 0) throw new UsageError('give at least one subject: registry-check query "公司名"');
  const { createOptions, poll, wait } = creation(context);
  const accepted = await client.createQueries(subjects, createOptions);
  let queries = accepted.queries;
  if (!json) io.stdout.write(`Accepted ${queries.length} ${queries.length === 1 ? "query" : "queries"}: ${queries.map((q) => q.id).join(", ")}\n`);
  if (wait) {
    const board = new ProgressBoard(io.stderr, "documents");
    queries = await client.waitForQueries(
      queries.map((q) => q.id),
      { ...poll, onUpdate: (q) => board.update(queryProgress(q, words)) },
    );
    board.finish();
  }
  if (json) {
    io.stdout.write(`${JSON.stringify({ queries }, null, 2)}\n`);
    return EXIT.ok;
  }
  io.stdout.write(`\n${queriesTable(queries, words)}${queryNotes(queries)}`);
  if (!wait) {
    io.stdout.write(`Follow them with: registry-check status <queryId>\n`);
    return EXIT.ok;
  }
  for (const q of queries.slice(0, DETAILED_QUERIES)) {
    if (q.registrationCount === 0) continue;
    const page = await client.listRegistrations(q.id, { pageSize: 20 });
    io.stdout.write(`\n${q.id} ${q.subjectName}\n${registrationsTable(page, words)}`);
    if (page.total > page.items.length) io.stdout.write(`More: registry-check registrations ${q.id} --page 2\n`);
  }
  if (queries.length > DETAILED_QUERIES) io.stdout.write(`\nRegistrations of the others: registry-check registrations <queryId>\n`);
  return EXIT.ok;
}

function criteriaOf(context: Context): CriterionInput[] {
  const criteria: CriterionInput[] = [
    ...(context.args.values.get("invoice") ?? []).map((value) => ({ kind: "invoice_no" as const, value })),
    ...(context.args.values.get("keyword") ?? []).map((value) => ({ kind: "keyword" as const, value })),
  ];
  if (criteria.length === 0) throw new UsageError("give at least one --invoice <number> or --keyword <text>");
  return criteria;
}

export async function check(context: Context): Promise<number> {
  const { client, io, args, json, words } = context;
  const applicant = single(args, "applicant");
  if (!applicant) throw new UsageError("--applicant <name> is required");
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
  const sourceRegistryQueryId = single(args, "source-query");
  const { createOptions, poll, wait } = creation(context);
  let created: Check = await client.createCheck(
    { applicant, criteria: criteriaOf(context), ...(sourceRegistryQueryId ? { sourceRegistryQueryId } : {}) },
    createOptions,
  );
  if (!json) io.stdout.write(`Accepted check ${created.id} (source query ${created.sourceRegistryQueryId})\n`);
  if (wait) {
    const board = new ProgressBoard(io.stderr, "documents");
    const show = (state: string, source: Query | undefined) =>
      board.update({
        id: created.id,
        label: created.applicant,
        state,
        done: source?.processedDocumentCount ?? 0,
        total: source?.totalDocumentCount ?? 0,
      });
    let source: Query | undefined;
    // While the check runs, its source query's documents are the progress; the check's own state ends it.
    created = await client.waitForCheck(created.id, {
      ...poll,
      onSourceQuery: (q) => {
        source = q;
        show(isQueryTerminal(q) ? words.progress.matching : `${words.progress.querying} (${words.execution[q.executionStatus]})`, q);
      },
    });
    // The round that sees the check end reads no query, so the last counts read can be a poll old
    // ("4/5 documents  succeeded"). A check ends only after its source query has: one more read of
    // the query, when the last one was not final, gives the counts the check was matched over.
    if (!source || !isQueryTerminal(source)) source = await client.getQuery(created.sourceRegistryQueryId, io.signal);
    show(words.execution[created.executionStatus], source);
    board.finish();
  }
  const page = wait ? await client.listCheckResults(created.id, { matchStatus: ["matched", "pending"], sort: "strength", pageSize: 100 }) : undefined;
  if (json) {
    io.stdout.write(`${JSON.stringify({ check: created, ...(page ? { results: page } : {}) }, null, 2)}\n`);
    return EXIT.ok;
  }
  io.stdout.write(`\n${checkSummary(created, words)}`);
  if (page)
    io.stdout.write(
      `\nCandidates and undecided registrations\n${resultsTable(page, created, words)}${evidenceTable(await evidenceOfPage(client, created.id, page), created.id, words)}`,
    );
  else io.stdout.write(`Follow it with: registry-check status ${created.id}\n`);
  if (page) io.stdout.write(`All results: registry-check results ${created.id}\n`);
  return EXIT.ok;
}
