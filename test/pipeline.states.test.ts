/**
 * The state tables of a query and of a check (worker/domain/pipeline/): their properties as graphs,
 * and the pipeline's writes walked message by message through the sandbox's scenarios, where every
 * status change seen must be a row of the table.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { QUERY_EXECUTION_STATUSES, QUERY_STATUSES as PUBLIC_QUERY_STATUSES } from "../worker/schemas/query-vocabulary";
import { CHECK_STATUSES } from "../worker/schemas/check-vocabulary";
import { CHECK_STATES, checkState, checkStates, checkStatusColumn } from "../worker/domain/pipeline/check-states";
import {
  QUERY_EXECUTION_STATUS,
  QUERY_STATUSES,
  QUERY_STATUSES_NOT_REACHED,
  asQueryStatus,
  documentsOutcome,
  queryStates,
} from "../worker/domain/pipeline/query-states";
import { IllegalTransition, type StateMachine } from "../worker/domain/pipeline/state-machine";
import { body, idempotencyKey, newAccount } from "./helpers";
import { FaultyPipeline } from "./faults.harness";

function reachable<S extends string, E extends string>(machine: StateMachine<S, E>): Set<S> {
  const seen = new Set<S>([machine.initial]);
  for (let grew = true; grew;) {
    grew = false;
    for (const t of machine.transitions) {
      if (seen.has(t.from) && !seen.has(t.to)) {
        seen.add(t.to);
        grew = true;
      }
    }
  }
  return seen;
}

function expectWellFormed<S extends string, E extends string>(machine: StateMachine<S, E>, notReached: readonly string[]) {
  const statuses = new Set<string>(machine.statuses);
  for (const t of machine.transitions) {
    expect(statuses.has(t.from), `${t.from} is a status`).toBe(true);
    expect(statuses.has(t.to), `${t.to} is a status`).toBe(true);
    expect(machine.events, `${t.event} is an event`).toContain(t.event);
  }
  // Every status is reachable from the initial one, but those the table says nothing reaches yet.
  const reached = reachable(machine);
  expect(machine.statuses.filter((s) => !reached.has(s))).toEqual(notReached);
  // Terminal statuses have no exits; every other status has one (no task can get stuck by the table).
  for (const status of machine.statuses) {
    const exits = machine.transitions.filter((t) => t.from === status);
    if (machine.terminal.includes(status)) expect(exits, `${status} is terminal`).toEqual([]);
    else expect(exits.length, `${status} has a way on`).toBeGreaterThan(0);
  }
  // Every event is used, and leads to one status whichever status it leaves (writes name their target).
  for (const event of machine.events) {
    const targets = new Set(machine.transitions.filter((t) => t.event === event).map((t) => t.to));
    expect(targets.size, `${event} has one target`).toBe(1);
    expect(machine.target(event)).toBe([...targets][0]);
  }
  // No row twice; and anything the table does not hold is refused.
  const keys = machine.transitions.map((t) => `${t.from}/${t.event}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const from of machine.statuses) {
    for (const event of machine.events) {
      const row = machine.transitions.find((t) => t.from === from && t.event === event);
      expect(machine.allows(from, event)).toBe(row !== undefined);
      if (row) expect(machine.next(from, event)).toBe(row.to);
      else expect(() => machine.next(from, event)).toThrow(IllegalTransition);
    }
  }
}

describe("the state tables", () => {
  it("query: every public status is in the table, all reachable but cancelled, terminal ones final", () => {
    expect([...QUERY_STATUSES].sort()).toEqual([...PUBLIC_QUERY_STATUSES].sort());
    for (const execution of Object.values(QUERY_EXECUTION_STATUS)) expect(QUERY_EXECUTION_STATUSES).toContain(execution);
    expect(Object.keys(QUERY_STATUSES_NOT_REACHED)).toEqual(["cancelled"]);
    expectWellFormed(queryStates, ["cancelled"]);
    expect(() => asQueryStatus("done")).toThrow();
  });

  it("check: every state stored as a public status, all reachable, terminal ones final", () => {
    for (const state of CHECK_STATES) expect(CHECK_STATUSES).toContain(checkStatusColumn(state));
    expect(new Set(CHECK_STATES.map(checkStatusColumn))).toEqual(new Set(CHECK_STATUSES));
    expectWellFormed(checkStates, []);
    expect(checkState({ status: "processing", executionStatus: "queued" })).toBe("queued");
    expect(checkState({ status: "processing", executionStatus: "processing" })).toBe("matching");
    expect(checkState({ status: "review_pending", executionStatus: "succeeded" })).toBe("review_pending");
    expect(() => checkState({ status: "archived", executionStatus: "succeeded" })).toThrow();
  });

  it("a query's documents decide its ending as the spec says", () => {
    const base = { listed: true, sourceStatus: "available", processed: 3, incomplete: 0 };
    expect(documentsOutcome(base)).toEqual({ event: "documents_complete", coverageComplete: true, failureCode: null });
    expect(documentsOutcome({ ...base, incomplete: 1 })).toEqual({
      event: "documents_incomplete",
      coverageComplete: false,
      failureCode: "DOCUMENT_COVERAGE_INCOMPLETE",
    });
    expect(documentsOutcome({ ...base, sourceStatus: "quarantined" })).toEqual({
      event: "documents_incomplete",
      coverageComplete: false,
      failureCode: "SOURCE_QUARANTINED",
    });
    expect(documentsOutcome({ ...base, listed: false, processed: 0 })).toEqual({
      event: "list_abandoned",
      coverageComplete: false,
      failureCode: "QUERY_FAILED",
    });
    expect(queryStates.next("processing", documentsOutcome(base).event)).toBe("succeeded");
  });
});

/** One message at a time, reading the task's state after each; the distinct states in the order seen. */
async function walk(p: FaultyPipeline, read: () => Promise<string[]>, deadLetterAfter = Infinity): Promise<string[][]> {
  const seen = [await read()];
  for (let delivered = 0; p.outbox.length > 0; delivered++) {
    if (delivered > 200) throw new Error("the pipeline did not settle in 200 deliveries");
    const next = p.outbox.shift()!;
    if (next.attempts > deadLetterAfter) await p.deliver([next], "registry-pipeline-dlq");
    else {
      const { retried } = await p.deliver([next]);
      p.outbox.push(...retried.map((r) => ({ body: r.body, attempts: r.attempts + 1 })));
    }
    const now = await read();
    if (now.join() !== seen.at(-1)!.join()) seen.push(now);
  }
  return seen;
}

async function queryStatus(id: string): Promise<string> {
  const row = await env.DB.prepare("SELECT status FROM queries WHERE id = ?").bind(id).first<{ status: string }>();
  return row!.status;
}

async function checkStateOf(id: string): Promise<string> {
  const row = await env.DB.prepare("SELECT status, execution_status FROM checks WHERE id = ?")
    .bind(id)
    .first<{ status: string; execution_status: string }>();
  return checkState({ status: row!.status, executionStatus: row!.execution_status });
}

/** Each change seen is a row of the table, and the walk ends in a terminal status (or review). */
function expectFollows<S extends string, E extends string>(machine: StateMachine<S, E>, path: readonly string[], ends: readonly string[]) {
  expect(path[0]).toBe(machine.initial);
  for (let i = 1; i < path.length; i++) {
    const [from, to] = [path[i - 1], path[i]];
    const row = machine.transitions.find((t) => t.from === from && t.to === to);
    expect(row, `${machine.name}: ${from} -> ${to} is in the table`).toBeDefined();
  }
  expect(ends).toContain(path.at(-1));
}

describe("the pipeline's writes follow the tables", () => {
  const cases: Array<[string, string]> = [
    ["规模3状态有限公司", "succeeded"],
    ["无登记状态有限公司", "no_result"],
    ["不可用状态有限公司", "failed"],
    ["隔离状态有限公司", "partial"],
    ["部分状态有限公司", "partial"],
    ["排队规模2状态有限公司", "succeeded"],
  ];
  for (const [subject, ending] of cases) {
    it(`a query for ${subject} walks the table to ${ending}`, async () => {
      const p = new FaultyPipeline();
      const a = await newAccount("enterprise");
      const res = await p.fetch("/queries", {
        method: "POST",
        key: a.key,
        headers: { "Idempotency-Key": idempotencyKey() },
        json: { subjectNames: [subject] },
      });
      expect(res.status).toBe(202);
      const id = (await body<{ queries: Array<{ id: string }> }>(res)).queries[0]!.id;
      const path = (await walk(p, async () => [await queryStatus(id)])).map(([s]) => s!);
      expectFollows(queryStates, path, [ending]);
      if (subject.startsWith("排队")) expect(path).toContain("waiting_resource");
    });
  }

  it("a check walks queued, matching, then its ending; a check on a failed source fails; a dead-lettered one fails", async () => {
    const a = await newAccount("enterprise");
    const submit = async (p: FaultyPipeline, subject: string) => {
      const res = await p.fetch("/checks", {
        method: "POST",
        key: a.key,
        headers: { "Idempotency-Key": idempotencyKey() },
        json: {
          applicant: subject,
          criteria: [
            { kind: "keyword", value: "应收账款" },
            { kind: "invoice_no", value: "98765432109" },
          ],
        },
      });
      expect(res.status).toBe(202);
      return (await body<{ id: string }>(res)).id;
    };

    const matched = new FaultyPipeline();
    const checkId = await submit(matched, "规模4状态核查有限公司");
    const path = (await walk(matched, async () => [await checkStateOf(checkId)])).map(([s]) => s!);
    expectFollows(checkStates, path, ["review_pending", "completed", "partial"]);
    expect(path).toContain("matching");

    const failedSource = new FaultyPipeline();
    const failedId = await submit(failedSource, "不可用状态核查有限公司");
    expectFollows(
      checkStates,
      (await walk(failedSource, async () => [await checkStateOf(failedId)])).map(([s]) => s!),
      ["failed"],
    );

    // Every R2 read of page texts fails: the check's slices keep failing until the dead-letter queue ends it.
    const blind = new FaultyPipeline();
    const blindId = await submit(blind, "规模2状态死信有限公司");
    blind.arm({ point: "FILES.get", match: /^text\// });
    const blindPath = (await walk(blind, async () => [await checkStateOf(blindId)], 2)).map(([s]) => s!);
    blind.disarm();
    expectFollows(checkStates, blindPath, ["failed"]);
  });
});
