/**
 * @module The operator's status (GET /api/admin/v1/status, docs/operations.md): where the pipeline
 * stands now, from D1 (open tasks, dead letters, the day's parses on every shard) and one health
 * check of the OCR service. Every read is bounded: open tasks by index, at most DEAD_LETTERS_LISTED
 * dead letters, one grouped count per shard.
 */
import { readConfig } from "../config";
import { certificateParsesSince, oldestOpenCheck, oldestOpenQuery, openCheckCounts, openQueryCounts, taskStatuses } from "../db/operations-status";
import { allShards } from "../db/shards";
import { deadLettersSince } from "../db/step-failures";
import type { StepFailureRecord } from "../db/schema";
import { toIso, toIsoOrUndefined } from "../lib/time";
import { ocrHealthy } from "../ocr/client";
import type { OperationsStatus } from "../schemas/admin-operations";

/** The status lists the dead letters of this window. */
export const DEAD_LETTER_WINDOW_MS = 24 * 3_600_000;
/** Dead-lettered messages read at most (newest first): more than that is an incident, not a list to read. */
export const DEAD_LETTERS_LISTED = 200;

export async function operationsStatus(env: Env, now: number = Date.now()): Promise<OperationsStatus> {
  const since = now - DEAD_LETTER_WINDOW_MS;
  const midnight = Math.floor(now / 86_400_000) * 86_400_000;
  const config = readConfig(env);
  const [queryCounts, checkCounts, oldestQuery, oldestCheck, deadLetters, parses, reachable] = await Promise.all([
    openQueryCounts(env.DB),
    openCheckCounts(env.DB),
    oldestOpenQuery(env.DB),
    oldestOpenCheck(env.DB),
    deadLettersSince(env.DB, since, DEAD_LETTERS_LISTED),
    Promise.all(allShards(env).map((shard) => certificateParsesSince(shard, midnight))),
    ocrHealthy(config.ocr),
  ]);
  const countOf = <K extends string>(rows: ReadonlyArray<{ n: number } & Record<string, unknown>>, field: string, value: K) =>
    Number(rows.find((r) => r[field] === value)?.n ?? 0);
  const oldest = [oldestQuery && { ...oldestQuery, kind: "query" as const }, oldestCheck && { ...oldestCheck, kind: "check" as const }]
    .filter((t) => t !== undefined)
    .sort((a, b) => a.createdAt - b.createdAt)[0];
  const certificates = parses.flat().reduce((sum, row) => sum + Number(row.n), 0);
  const failed = parses.flat().reduce((sum, row) => sum + (row.status === "failed" ? Number(row.n) : 0), 0);
  return {
    generatedAt: toIso(now),
    backlog: {
      queries: {
        queued: countOf(queryCounts, "status", "queued"),
        waiting_resource: countOf(queryCounts, "status", "waiting_resource"),
        processing: countOf(queryCounts, "status", "processing"),
      },
      checks: { queued: countOf(checkCounts, "state", "queued"), matching: countOf(checkCounts, "state", "matching") },
    },
    oldestOpenTask: oldest
      ? {
          id: oldest.id,
          kind: oldest.kind,
          status: oldest.status,
          createdAt: toIso(oldest.createdAt),
          ageSeconds: Math.max(0, Math.floor((now - oldest.createdAt) / 1000)),
        }
      : null,
    deadLettered: { since: toIso(since), tasks: await deadLetteredTasks(env.DB, deadLetters) },
    ocr: { configured: config.ocr !== null, reachable },
    parsing: { since: toIso(midnight), certificates, failed, failureRate: certificates === 0 ? null : failed / certificates },
  };
}

/** The dead letters grouped by task (newest first), with each task's status now. */
async function deadLetteredTasks(db: D1Database, rows: readonly StepFailureRecord[]): Promise<OperationsStatus["deadLettered"]["tasks"]> {
  const idsOf = (kind: StepFailureRecord["taskKind"]) => [...new Set(rows.filter((r) => r.taskKind === kind).map((r) => r.taskId))];
  const statuses = await taskStatuses(db, { query: idsOf("query"), check: idsOf("check"), move: idsOf("move") });
  const tasks = new Map<string, OperationsStatus["deadLettered"]["tasks"][number]>();
  for (const row of rows) {
    const task = tasks.get(row.taskId) ?? {
      id: row.taskId,
      kind: row.taskKind,
      accountId: row.accountId,
      status: statuses.get(row.taskId) ?? "deleted",
      messages: [],
    };
    const redrivenAt = toIsoOrUndefined(row.redrivenAt);
    task.messages.push({
      step: row.step,
      reason: row.reason,
      attempts: row.attempts,
      deadLetteredAt: toIso(row.deadLetteredAt ?? row.failedAt),
      ...(redrivenAt ? { redrivenAt } : {}),
    });
    tasks.set(row.taskId, task);
  }
  return [...tasks.values()];
}
