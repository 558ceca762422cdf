/** @module The one refusal of a write to an account whose data is moving to another shard (docs/capacity.md section 3). */
import { ApiError } from "../errors";

/**
 * How long a client is told to wait while its account's data moves to another shard: a move is about
 * a minute of queue work for 10,000 registrations (docs/capacity.md section 3).
 */
export const MOVING_RETRY_AFTER_S = 60;

/** The refusal of a write to an account whose data is moving to another shard: retry later, nothing done. */
export function accountMoving(): ApiError {
  return new ApiError("SERVICE_UNAVAILABLE", { headers: { "Retry-After": String(MOVING_RETRY_AFTER_S) } });
}
