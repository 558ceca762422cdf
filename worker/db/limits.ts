/** @module D1's limits that shape statements (developers.cloudflare.com/d1/platform/limits). */

/** Bound parameters per statement. */
export const D1_MAX_PARAMETERS = 100;
