/** @module Pipeline step 3 (checks): placeholder until the check pipeline lands. */
import { DONE, type StepResult } from "./step";

export async function checkStep(_env: Env, _checkId: string, _attempt: number): Promise<StepResult> {
  return DONE;
}

export async function abandonCheck(_env: Env, _checkId: string): Promise<void> {}
