/**
 * @module One event, two sinks: a signal (signals.ts) becomes one JSON line on the Worker's log
 * (Workers Logs indexes its fields) and one Analytics Engine datapoint (binding METRICS), from the
 * same values, so what a log line says and what a graph counts cannot differ. Locally Miniflare drops
 * the datapoints (its dataset's writeDataPoint does nothing); the log lines are printed as in production.
 */
import { dataPoint, type SignalFields, type SignalName } from "./signals";

/** Ids that tie a line to a request or a message (log only: they would make every datapoint unique). */
export interface LogContext {
  requestId?: string;
  messageId?: string;
  taskId?: string;
}

/** Writes the signal's datapoint and its log line; never throws (an observation must not fail the work it observes). */
export function record<S extends SignalName>(env: Pick<Env, "METRICS">, signal: S, fields: SignalFields<S>, context: LogContext = {}): void {
  try {
    env.METRICS.writeDataPoint(dataPoint(signal, fields));
  } catch {
    // A dataset that refuses a point (limits) loses that point only; the log line below still says it.
  }
  console.log(JSON.stringify({ signal, ...context, ...fields }));
}
