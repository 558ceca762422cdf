/**
 * @module The console's pages under /console/ (console-api.md, Pages): server-rendered HTML with small
 * browser modules (./browser, served as static assets at /console/assets/). Every page module exports
 * one `register…(pages: PageGroup)`; adding a page module is one line below. The shell they share is
 * worker/console/view/: renderPage (layout.ts), the page guard and readConsoleApi (page-session.ts),
 * defineMessages (i18n.ts), the security headers (page-headers.ts).
 */
import { Hono } from "hono";
import { pageGroup } from "../view/page-group";
import { CONSOLE_BASE, pageBasics, type ConsoleDispatch, type PageEnv } from "../view/page-session";
import { registerAuditPage } from "./audit";
import { registerCertificatePage } from "./certificate";
import { registerCheckPage } from "./check";
import { registerNewCheckPage } from "./check-new";
import { registerCheckReviewPage } from "./check-review";
import { registerChecksPage } from "./checks";
import { registerHitsPage } from "./hits";
import { registerInvitePage } from "./invite";
import { registerKeysPage } from "./keys";
import { registerLanguageSwitch } from "./language";
import { registerOverviewPage } from "./overview";
import { registerQueriesPage } from "./queries";
import { registerQueryPage } from "./query";
import { registerSecurityPage } from "./security";
import { registerSignInPage } from "./sign-in";
import { registerUsersPage } from "./users";

/**
 * Mounted at / by createApp() (its paths are whole, so the overview can be /console/ with its slash),
 * which passes its own fetch for the pages' in-process reads.
 */
export function createConsolePages(dispatch: ConsoleDispatch): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  app.use(`${CONSOLE_BASE}/*`, pageBasics(dispatch));
  app.get(CONSOLE_BASE, (c) => c.redirect(`${CONSOLE_BASE}/`, 308));
  const pages = pageGroup(app);
  registerLanguageSwitch(app);
  registerSignInPage(pages);
  registerInvitePage(pages);
  registerOverviewPage(pages);
  registerKeysPage(pages);
  registerQueriesPage(pages);
  registerQueryPage(pages);
  registerCertificatePage(pages);
  registerChecksPage(pages);
  registerHitsPage(pages);
  // Before /checks/:id, which would take "new" for an id.
  registerNewCheckPage(pages);
  registerCheckPage(pages);
  registerCheckReviewPage(pages);
  registerUsersPage(pages);
  registerAuditPage(pages);
  registerSecurityPage(pages);
  return app;
}
