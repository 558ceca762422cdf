/**
 * @module The steps' question to the state tables before they write a status. A transition the
 * table does not have is a bug (a step acting on a task in a state it should never see): it is
 * logged as an error and nothing is written, instead of a status appearing from nowhere.
 */
import { IllegalTransition, type StateMachine } from "../worker/domain/pipeline/state-machine";

export function mayMove<S extends string, E extends string>(machine: StateMachine<S, E>, from: S, event: E, taskId: string): boolean {
  if (machine.allows(from, event)) return true;
  console.error(`${new IllegalTransition(machine.name, from, event).message}; ${taskId} left as it is`);
  return false;
}
