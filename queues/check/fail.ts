/** @module A check that cannot be done: its source query failed (or is gone), or the pipeline gave up on it (dead-letter queue). */
import { failCheck as writeFailure, loadCheck } from "../../worker/db/checks";
import type { CheckRecord } from "../../worker/db/schema";
import { checkState, checkStates } from "../../worker/domain/pipeline/check-states";
import type { CheckMessage } from "../messages";
import { DONE, type StepOutcome } from "../step";
import { mayMove } from "../transitions";

/** The check fails (CHECK_FAILED) and its allowance is released. */
export async function failCheck(env: Env, check: CheckRecord, event: "source_failed" | "abandoned", sourceStatus: string): Promise<StepOutcome> {
  if (check.processingCompletedAt !== null) return DONE;
  if (mayMove(checkStates, checkState(check), event, check.id)) await writeFailure(env.DB, check.id, event, sourceStatus, Date.now());
  return DONE;
}

/** Dead-lettered: the check could not be processed. */
export async function abandonCheck(env: Env, message: CheckMessage): Promise<StepOutcome> {
  const check = await loadCheck(env.DB, message.checkId);
  return check ? failCheck(env, check, "abandoned", check.sourceStatus) : DONE;
}
