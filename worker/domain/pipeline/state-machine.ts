/**
 * @module A task's life as data: statuses, the events that move it, and one table of transitions
 * (from-status, event, to-status). The pipeline asks the table before it writes a status, and the
 * tests read the same table (test/pipeline.states.test.ts), so the code and its description cannot
 * drift. An event leads to one status whichever status it leaves, so a write can name its target
 * and guard on the statuses it may leave (`sources`) in the same UPDATE.
 */

export interface Transition<S extends string, E extends string> {
  from: S;
  event: E;
  to: S;
}

export class IllegalTransition extends Error {
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly event: string,
  ) {
    super(`${machine}: no transition from "${from}" on "${event}"`);
    this.name = "IllegalTransition";
  }
}

export interface StateMachine<S extends string, E extends string> {
  readonly name: string;
  readonly statuses: readonly S[];
  readonly initial: S;
  readonly terminal: readonly S[];
  readonly events: readonly E[];
  readonly transitions: readonly Transition<S, E>[];
  /** The status `event` leads to from `from`; throws IllegalTransition when the table has no such row. */
  next(from: S, event: E): S;
  /** Whether the table allows `event` from `from`. */
  allows(from: S, event: E): boolean;
  /** The statuses `event` may leave from (the guard of a conditional write). */
  sources(event: E): S[];
  /** The one status `event` leads to. */
  target(event: E): S;
}

export function stateMachine<S extends string, E extends string>(definition: {
  name: string;
  statuses: readonly S[];
  initial: S;
  terminal: readonly S[];
  events: readonly E[];
  transitions: readonly Transition<S, E>[];
}): StateMachine<S, E> {
  const { name, transitions } = definition;
  const find = (from: S, event: E) => transitions.find((t) => t.from === from && t.event === event);
  return {
    ...definition,
    next(from, event) {
      const row = find(from, event);
      if (!row) throw new IllegalTransition(name, from, event);
      return row.to;
    },
    allows: (from, event) => find(from, event) !== undefined,
    sources: (event) => transitions.filter((t) => t.event === event).map((t) => t.from),
    target(event) {
      const row = transitions.find((t) => t.event === event);
      if (!row) throw new IllegalTransition(name, "*", event);
      return row.to;
    },
  };
}

/** Rows for one event from several statuses (the table stays one row per from-status). */
export function from<S extends string, E extends string>(statuses: readonly S[], event: E, to: S): Transition<S, E>[] {
  return statuses.map((status) => ({ from: status, event, to }));
}
