/**
 * @module What the CLI tells a person for each error the API can answer (the codes of
 * worker/errors.ts; the map is exhaustive at compile time), and for the client's own errors.
 */
import { PollDeadlineError, RegistryApiError, RegistryNetworkError, UnexpectedResponseError } from "../client/index.ts";
import type { ErrorCode } from "../worker/errors";
import { UsageError } from "./args.ts";
import { ServerUnreachableError } from "./connection.ts";

const ADVICE: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "The request was refused as invalid; nothing was created or charged. Fix the fields below and run the command again.",
  INVALID_SUBJECT:
    "A subject looks like an identity number but is not a valid 18-digit resident identity number (birth date or check digit); 15-digit numbers and passports are not supported. The whole batch was refused; nothing was charged.",
  UNAUTHENTICATED: "The API key was refused: it is missing, unknown, expired or revoked. Set REGISTRY_API_KEY to a valid key.",
  // The console's codes (console-api.md): the CLI never signs in, so it sees these only if pointed at the console.
  INVALID_CREDENTIALS: "The console refused the email or password. The CLI uses an API key, not a console sign-in.",
  TOTP_REQUIRED: "The console asks for a second-factor code. The CLI uses an API key, not a console sign-in.",
  CSRF_TOKEN_INVALID: "The console refused a change without its CSRF token. The CLI talks to the open API, not the console.",
  ROLE_FORBIDDEN: "Your console role does not allow this. Ask an owner of the account.",
  EMAIL_TAKEN: "A console user with this email already exists.",
  USER_NOT_INVITED: "The user has accepted an invitation already.",
  SUBSCRIPTION_REQUIRED: "The account has no valid subscription that allows API tasks. Existing results can still be read.",
  QUERY_ALLOWANCE_INSUFFICIENT:
    "The query allowance is too low: a query takes one per distinct subject, a check on new data one more. See `entitlements`.",
  CHECK_ALLOWANCE_INSUFFICIENT: "The check allowance is too low. See `entitlements`.",
  CHECK_PLAN_REQUIRED: "Checks need the professional or enterprise plan.",
  ACCOUNT_DISABLED: "The account is disabled. Contact the operator.",
  SOURCE_QUARANTINED: "The source data is quarantined: its files cannot be downloaded.",
  SOURCE_UNAVAILABLE: "The source data is unavailable: its files cannot be downloaded.",
  NOT_FOUND: "Not found: the id does not exist or belongs to another account.",
  METHOD_NOT_ALLOWED: "The service does not answer this method on this path: this client and the server do not match. Update the client.",
  IDEMPOTENCY_CONFLICT:
    "This Idempotency-Key was already used with a different request. Never change a request to retry it: run the original command again, or start a new intent without --idempotency-key.",
  IDEMPOTENCY_IN_FLIGHT: "The same request is still being processed. Run the same command with the same --idempotency-key again shortly.",
  SOURCE_QUERY_NOT_FINISHED: "The source query is still running. Wait for it (`status <queryId>`) or leave out --source-query.",
  SOURCE_QUERY_UNUSABLE:
    "The source query ended failed or cancelled: it holds no registration list to check. Leave out --source-query to fetch the data again.",
  KEY_LIMIT_REACHED: "The account already has 3 valid API keys.",
  REVIEW_NOT_ALLOWED: "Only a matched candidate whose source is available can be reviewed.",
  PAYLOAD_TOO_LARGE: "The request is too large (over 256 KiB): send fewer subjects or criteria.",
  UNSUPPORTED_MEDIA_TYPE: "The request was not sent as JSON in UTF-8.",
  RANGE_NOT_SATISFIABLE: "The byte range lies outside the file: check --range against the file's size.",
  RATE_LIMITED: "The account's rate limit was still exceeded after waiting as told. Wait a minute, then run the same command again.",
  INTERNAL_ERROR: "The service failed unexpectedly. Quote the request id to support.",
  SERVICE_UNAVAILABLE:
    "The service is temporarily unavailable and retries ran out. Run the same command again later; for a creation, with the same --idempotency-key.",
};

/** Exit status per kind of failure. */
export const EXIT = { ok: 0, api: 1, usage: 2, deadline: 3, unexpected: 4, network: 5 } as const;

/** The lines to print for an error, and the exit status. */
export function explain(error: unknown, command: string): { lines: string[]; exit: number } {
  if (error instanceof UsageError)
    return { lines: [`error: ${error.message}`, `Run \`registry-check ${command === "" ? "" : `${command} `}--help\` for usage.`], exit: EXIT.usage };
  if (error instanceof RegistryApiError) {
    const advice = (ADVICE as Record<string, string>)[error.code] ?? `The API answered ${error.status} ${error.code}: ${error.message}`;
    const lines = [`error: ${error.code} (HTTP ${error.status}). ${advice}`];
    for (const field of error.fields) lines.push(`  ${field.path}: ${field.message} (${field.code})`);
    if (error.requestId) lines.push(`request id: ${error.requestId}`);
    if (error.idempotencyKey && error.code !== "IDEMPOTENCY_CONFLICT" && error.status >= 409)
      lines.push(`To continue this intent, run the same command with --idempotency-key ${error.idempotencyKey}`);
    return { lines, exit: EXIT.api };
  }
  if (error instanceof ServerUnreachableError) {
    const hint =
      error.reason === "refused"
        ? "Start it with `npm start` in the project (another port: PORT=… npm start), or point REGISTRY_API_URL at a running one."
        : "Check REGISTRY_API_URL.";
    return { lines: [`error: ${error.message}. Nothing was sent. ${hint}`], exit: EXIT.network };
  }
  if (error instanceof RegistryNetworkError) {
    const lines = [`error: no answer from the service (${error.message}).`];
    if (error.idempotencyKey)
      lines.push(
        `The request may or may not have been accepted. Run the same command with --idempotency-key ${error.idempotencyKey}: it is not charged twice.`,
      );
    return { lines, exit: EXIT.network };
  }
  if (error instanceof UnexpectedResponseError) {
    const lines = [`error: the service returned something this client does not understand: ${error.message}.`];
    if (error.taskId) lines.push(`Task ${error.taskId} was NOT treated as complete. Read it again later: registry-check status ${error.taskId}`);
    return { lines, exit: EXIT.unexpected };
  }
  if (error instanceof PollDeadlineError)
    return {
      lines: [`Still running at the deadline: ${error.taskIds.join(", ")}. The tasks go on; follow them with: registry-check status <id>`],
      exit: EXIT.deadline,
    };
  return { lines: [`error: ${error instanceof Error ? error.message : String(error)}`], exit: EXIT.api };
}
