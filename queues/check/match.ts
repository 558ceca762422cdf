/**
 * @module The check step: once its source query has finished and its attachments are read (the first
 * slice asks for that and waits: queues/indexing/request.ts), match the criteria over one slice of
 * its registrations (every page of the certificate, whatever its reader made of it, and of each
 * attachment, from a text layer or OCR), store results and evidence a bounded chunk at a time as they
 * are decided, then send the next
 * slice or finish the check. Redelivery-safe: it runs until processing is marked complete,
 * rewriting the same result rows and replacing the evidence wholesale.
 */
import { readConfig } from "../../worker/config";
import { loadCheck, markIndexing, markMatching } from "../../worker/db/checks";
import { loadQuery } from "../../worker/db/queries";
import { compile, decideRegistration } from "../../worker/domain/check-matching";
import { checkState, checkStates } from "../../worker/domain/pipeline/check-states";
import type { Certificate } from "../../worker/schemas/certificate";
import type { CheckMessage } from "../messages";
import { awaitIndex } from "../indexing/request";
import { DONE, doneThen, type StepOutcome } from "../step";
import { mayMove } from "../transitions";
import { CHUNK_EVIDENCE, chunkedWrites } from "./chunked-writes";
import { failCheck } from "./fail";
import { finishCheck } from "./finish";
import { gatherSlice, searchable } from "./gather";
import { READ_AHEAD, readAhead } from "./read-ahead";
import { writeResults, type Decided } from "./results";
import { standingsOf } from "./standing";

export async function checkStep(env: Env, shard: D1Database, message: CheckMessage): Promise<StepOutcome> {
  const offset = message.offset ?? 0;
  const check = await loadCheck(env.DB, message.checkId);
  if (!check || check.processingCompletedAt !== null) return DONE;
  const query = await loadQuery(env.DB, check.sourceQueryId);
  if (!query) return failCheck(env, check, "source_failed", "available");
  // Not finished yet: finishing the query wakes its checks.
  if (query.completedAt === null) return DONE;
  if (query.status === "failed" || query.status === "cancelled") return failCheck(env, check, "source_failed", query.sourceStatus);
  const from = checkState(check);
  // The first slice waits until the query's attachments are read (asked for once per query).
  if (offset === 0) {
    const index = await awaitIndex(shard, query, check.createdAt, Date.now());
    if (!index.ready) {
      if (mayMove(checkStates, from, "indexing", check.id)) await markIndexing(env.DB, check.id, Date.now());
      return doneThen(index.send);
    }
  }
  if (!mayMove(checkStates, from, "matching", check.id)) return DONE;
  await markMatching(env.DB, check.id, Date.now());

  const { checkSlice: size, checkChunk } = readConfig(env);
  const slice = await gatherSlice(env, shard, check.id, query.id, size, offset);
  const matcher = compile(slice.criteria);
  const now = Date.now();
  // Written as they are decided, a bounded chunk at a time (./chunked-writes.ts), not held to the slice's end.
  const decided = chunkedWrites<Decided>(
    async (chunk) => writeResults(shard, check.id, chunk, await standingsOf(shard, query.id, chunk, matcher, now), now),
    (d) => d.decision.evidence.length,
    { registrations: checkChunk, evidence: CHUNK_EVIDENCE },
  );
  for await (const [{ registration: reg }, documents] of readAhead(slice.registrations, READ_AHEAD, (r) => searchable(env, r.documents))) {
    const decision = decideRegistration(matcher, {
      registrationId: reg.id,
      certificateNumber: reg.certificateNumber,
      parseStatus: reg.parseStatus,
      // A failed parse stores a certificate too (its issues say why): only a completed one's fields place a hit (sourceField).
      certificate: reg.certificate && reg.parseStatus === "completed" ? (JSON.parse(reg.certificate) as Certificate) : null,
      documents,
      attachmentsComplete: reg.parseStatus !== "completed" || reg.coverageComplete,
      attachmentsIndexed: reg.indexStatus === "completed",
    });
    await decided.add({ registration: reg, decision });
  }
  await decided.drain();

  if (slice.registrations.length === size) return doneThen([{ type: "check", accountId: check.accountId, checkId: check.id, offset: offset + size }]);
  return finishCheck(
    env,
    shard,
    { checkId: check.id, state: checkStates.next(from, "matching"), query, criteria: slice.criteria, ignored: matcher.ignored },
    now,
  );
}
