/**
 * Every Analytics Engine query in docs/operations.md reads the columns the code writes: its signal
 * (index1) is one of SIGNALS, every blobN/doubleN it names exists for that signal, every alias of a
 * bare column is the field's name, every aggregate over a double is named after the field, every
 * literal a blob is compared with is a value the code writes, and no blob is used without one of the
 * two saying what it is. The table of signals in the doc is the same check's other half.
 */
import { describe, expect, it } from "vitest";
import { BLOB_VALUES, SIGNALS, columnOf, dataPoint, type SignalName } from "../../worker/observability/signals";

/** node:fs, loaded at run time: the workspace's types are the Workers runtime's, without Node's. */
const load = (name: string) => import(/* @vite-ignore */ name);
const { readFileSync } = (await load("node:fs")) as { readFileSync(path: string, encoding: "utf8"): string };
const DOC: string = readFileSync("docs/operations.md", "utf8");
const QUERIES = [...DOC.matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);

type Shape = { blobs: readonly string[]; doubles: readonly string[] };
const shapeOf = (signal: SignalName): Shape => SIGNALS[signal];
const isSignal = (name: string): name is SignalName => name in SIGNALS;

/** The field a column names (`blob2` → its second blob), or undefined past the signal's columns. */
function fieldOf(shape: Shape, column: string): string | undefined {
  const [, kind, n] = /^(blob|double)(\d+)$/.exec(column) ?? [];
  return (kind === "blob" ? shape.blobs : shape.doubles)[Number(n) - 1];
}

/** The SELECT list's items, split at top-level commas. */
function selectItems(sql: string): string[] {
  const list = /SELECT([\s\S]*?)\bFROM\b/i.exec(sql)?.[1] ?? "";
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      items.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim()) items.push(current.trim());
  return items;
}

/** Problems of one query against the schema (empty: it reads what the code writes). */
function problemsOf(sql: string): string[] {
  const problems: string[] = [];
  const signals = [...sql.matchAll(/index1\s*=\s*'([^']+)'/g)].map((m) => m[1]!);
  if (signals.length !== 1) return [`names ${signals.length} signals (index1 = '…'), not one`];
  const signal = signals[0]!;
  if (!isSignal(signal)) return [`index1 = '${signal}' is no signal`];
  const shape = shapeOf(signal);
  const explained = new Set<string>();
  for (const [, column] of sql.matchAll(/\b((?:blob|double)\d+)\b/g)) {
    if (!fieldOf(shape, column!)) problems.push(`${column} is not a column of ${signal}`);
  }
  for (const [, column, alias] of sql.matchAll(/\b((?:blob|double)\d+)\s+AS\s+(\w+)/gi)) {
    const field = fieldOf(shape, column!);
    if (field && alias !== field) problems.push(`${column} AS ${alias}: ${signal}'s ${column} is ${field}`);
    explained.add(column!);
  }
  for (const item of selectItems(sql)) {
    const alias = /\bAS\s+(\w+)\s*$/i.exec(item)?.[1];
    if (!alias || /^(?:blob|double)\d+\s+AS/i.test(item)) continue;
    for (const [, column] of item.matchAll(/\b(double\d+)\b/g)) {
      const field = fieldOf(shape, column!);
      if (field && !alias.includes(field)) problems.push(`"${item}": an aggregate of ${column} (${field}) named ${alias}`);
    }
  }
  const values = BLOB_VALUES[signal] as Record<string, readonly string[] | undefined> | undefined;
  const comparisons = [
    ...[...sql.matchAll(/\b(blob\d+)\s*(?:=|!=|<>)\s*'([^']*)'/g)].map((m) => [m[1]!, [m[2]!]] as const),
    ...[...sql.matchAll(/\b(blob\d+)\s+(?:NOT\s+)?IN\s*\(([^)]*)\)/gi)].map(
      (m) => [m[1]!, [...m[2]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!)] as const,
    ),
  ];
  for (const [column, literals] of comparisons) {
    const field = fieldOf(shape, column);
    const allowed = field ? values?.[field] : undefined;
    if (!allowed) problems.push(`${column} (${field}) is compared with a literal but has no vocabulary in BLOB_VALUES`);
    else for (const literal of literals) if (!allowed.includes(literal)) problems.push(`${column} (${field}) is never '${literal}'`);
    explained.add(column);
  }
  for (const [, column] of sql.matchAll(/\b(blob\d+)\b/g)) {
    if (!explained.has(column!)) problems.push(`${column} is used without an alias or a comparison that says what it is`);
  }
  return problems;
}

describe("docs/operations.md against the datapoint schema", () => {
  it("has the five questions' queries (six: the pipeline's has two)", () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(6);
  });

  it.each(QUERIES.map((sql, i) => [i + 1, sql] as const))("query %i reads what the code writes", (_n, sql) => {
    expect(problemsOf(sql)).toEqual([]);
  });

  it("every signal is queried, and the doc's table lists each signal's columns in the schema's order", () => {
    const queried = new Set(QUERIES.map((sql) => /index1\s*=\s*'([^']+)'/.exec(sql)?.[1]));
    for (const signal of Object.keys(SIGNALS) as SignalName[]) {
      expect(queried, signal).toContain(signal);
      const shape = shapeOf(signal);
      const row = DOC.split("\n").find((line: string) => line.startsWith(`| \`${signal}\` |`));
      expect(row, `the table's row for ${signal}`).toBeDefined();
      const blobs = shape.blobs.map((name, i) => `\`blob${i + 1}\` ${name}`).join(", ");
      const doubles = shape.doubles.map((name, i) => `\`double${i + 1}\` ${name}`).join(", ");
      expect(row).toContain(`| ${blobs} | ${doubles} |`);
    }
  });

  it("catches a query that reads a column wrongly", () => {
    const q = (body: string) => `SELECT ${body} FROM registry_metrics WHERE index1 = 'step'`;
    expect(problemsOf(q("blob2 AS step"))).not.toEqual([]);
    expect(problemsOf(q("blob9 AS step"))).not.toEqual([]);
    expect(problemsOf(q("sum(double1) AS attempts"))).not.toEqual([]);
    expect(problemsOf(`${q("blob1 AS step")} AND blob2 = 'failed'`)).not.toEqual([]);
    expect(problemsOf(q("blob3, SUM(_sample_interval) AS n"))).not.toEqual([]);
    expect(problemsOf(`${q("blob1 AS step")} AND blob2 IN ('retry', 'threw')`)).toEqual([]);
  });

  it("builds each datapoint in the schema's order: the column a field names is where its value goes", () => {
    const point = dataPoint("step", { step: "document", outcome: "retry", shard: "1", duration_ms: 12, attempt: 3 });
    expect(point).toEqual({ indexes: ["step"], blobs: ["document", "retry", "1"], doubles: [12, 3] });
    expect(columnOf("step", "outcome")).toBe("blob2");
    expect(columnOf("step", "attempt")).toBe("double2");
    const long = dataPoint("parse", { outcome: "completed", producer: "x".repeat(500), creator: "(none)", pages: 2 });
    expect(long.blobs[1]!.length).toBeLessThanOrEqual(96);
  });
});
