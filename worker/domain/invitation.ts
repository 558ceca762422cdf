/**
 * @module How long an invitation link stays valid (console-api.md, Users): 72 hours. Both doors invite
 * (the management API for an account's first owner, the console for its owner's colleagues), so the
 * fact sits below either.
 */
export const INVITE_VALIDITY_MS = 72 * 3600_000;
