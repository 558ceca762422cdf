/**
 * @module The console's JSON (/api/console/v1, console-api.md): a door of its own, beside the open API
 * and the management API, that never shares their credentials. Every path refuses an API key (401);
 * sign-in and invitation acceptance are the only paths without a session; every other path needs the
 * session cookie, and a request that changes something the session's CSRF token. Every request that
 * changes something, sign-in included, must come from the console's own origin (../auth/same-origin.ts).
 * Reads of queries, checks, results and documents, and the creation of queries and checks, are the
 * open API's own routes (their shapes, filters, ownership rules, allowance and idempotency), counted
 * in the account's rate window like the open API's.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { consoleSession, csrfProtection, refuseApiKeys, requireRole, totpEnrolled } from "../auth/console-session";
import { sameOriginWrites } from "../auth/same-origin";
import { KEY_AND_REVIEW_ROLES } from "../../domain/console-session";
import { countRefusedCreation } from "../../middleware/count-refused-creation";
import { admitConsoleRead } from "../../middleware/rate-limit";
import { registerEntitlementRoutes } from "../../routes/account/entitlements";
import { registerCreateCheck } from "../../routes/checks/create";
import { registerGetCheck } from "../../routes/checks/get";
import { registerGetEvidenceLocations } from "../../routes/checks/get-evidence-locations";
import { registerGetCheckResult } from "../../routes/checks/get-result";
import { registerGetCheckResultNavigation } from "../../routes/checks/get-result-navigation";
import { registerListChecks } from "../../routes/checks/list";
import { registerListCheckResults } from "../../routes/checks/list-results";
import { registerDocumentContent } from "../../routes/documents/content";
import { registerCreateQuery } from "../../routes/queries/create";
import { registerGetQuery } from "../../routes/queries/get";
import { registerGetRegistration } from "../../routes/queries/get-registration";
import { registerListQueries } from "../../routes/queries/list";
import { registerListRegistrations } from "../../routes/queries/list-registrations";
import { openApiRouter, routeGroup } from "../../routes/router";
import { registerAuditExport } from "./audit-export";
import { registerAuditList } from "./audit-list";
import { registerCheckExport } from "./check-export";
import { registerCheckReviews } from "./check-reviews";
import { registerHits } from "./hits";
import { registerInviteAccept } from "./invite-accept";
import { registerKeyCreate } from "./key-create";
import { registerKeyRevoke } from "./key-revoke";
import { registerKeysList } from "./keys-list";
import { registerMe } from "./me";
import { registerReviewWrite } from "./review-write";
import { registerSecurityUpdate } from "./security-update";
import { registerSessionCreate } from "./session-create";
import { registerSessionDelete } from "./session-delete";
import { registerSessionRead } from "./session-read";
import { registerTaskCreators } from "./task-creators";
import { registerTotpConfirm } from "./totp-confirm";
import { registerTotpEnrol } from "./totp-enrol";
import { registerTotpRemove } from "./totp-remove";
import { registerPasswordChange } from "./password-change";
import { registerUserInvite } from "./user-invite";
import { registerUserReinvite } from "./user-reinvite";
import { registerUsersList } from "./users-list";
import { registerUserUpdate } from "./user-update";

export function createConsoleApi(): OpenAPIHono<AppEnv> {
  const api = openApiRouter();
  api.use("*", refuseApiKeys, sameOriginWrites);

  // Without a session: they answer before the session middleware below runs.
  const open = routeGroup(api);
  registerSessionCreate(open);
  registerInviteAccept(open);

  api.use("*", consoleSession, csrfProtection);
  // What a signed-in user may do before a second factor the account requires is enrolled.
  const self = routeGroup(api);
  registerSessionRead(self);
  registerSessionDelete(self);
  registerMe(self);
  registerTotpEnrol(self);
  registerTotpConfirm(self);
  registerTotpRemove(self);
  registerPasswordChange(self);

  api.use("*", totpEnrolled);
  const account = routeGroup(api);
  registerKeysList(account);
  registerKeyCreate(account);
  registerKeyRevoke(account);
  registerReviewWrite(account);
  registerAuditList(account);
  registerAuditExport(account);
  registerUsersList(account);
  registerUserInvite(account);
  registerUserReinvite(account);
  registerUserUpdate(account);
  registerSecurityUpdate(account);

  const reads = routeGroup(api, admitConsoleRead);
  registerEntitlementRoutes(reads);
  registerListQueries(reads);
  registerGetQuery(reads);
  registerListRegistrations(reads);
  registerGetRegistration(reads);
  registerListChecks(reads);
  registerGetCheck(reads);
  registerListCheckResults(reads);
  registerGetCheckResult(reads);
  registerGetCheckResultNavigation(reads);
  registerGetEvidenceLocations(reads);
  registerCheckReviews(reads);
  registerCheckExport(reads);
  registerTaskCreators(reads);
  registerHits(reads);
  // Queries and checks started from the console: the open API's routes, rules, allowance and
  // Idempotency-Key, with the user as the audit events' actor. Creation counts itself in the
  // AccountGate call that creates; a refusal before that still counts.
  const creations = routeGroup(api, requireRole(KEY_AND_REVIEW_ROLES), countRefusedCreation);
  registerCreateQuery(creations);
  registerCreateCheck(creations);
  // Downloads count themselves in the call that takes their lease.
  registerDocumentContent(routeGroup(api));
  return api;
}
