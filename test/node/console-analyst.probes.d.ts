/** Types of console-analyst.probes.js (functions that run inside the review page). */
export function previousReviewBy(who: string): boolean;
