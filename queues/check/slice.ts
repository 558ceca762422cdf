/** @module How many registrations one check message matches. */

/**
 * Registrations matched per message (CHECK_SLICE, default 200): bounds one invocation's R2 reads,
 * D1 writes and CPU whatever the subject's size (规模5000 is 25 messages). Tests set it small so
 * every check crosses slices.
 */
export function checkSlice(env: Env): number {
  const n = Number(env.CHECK_SLICE);
  return Number.isInteger(n) && n > 0 ? n : 200;
}
