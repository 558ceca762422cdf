/**
 * The browser tests' one way to Chromium: the system browser (Playwright drives it, it downloads none),
 * at CHROMIUM_PATH or Debian's /usr/bin/chromium, which `.ci/run` installs when a machine has none.
 * They run only with `npm run test:browser` (VIEWER_BROWSER_TEST=1) and are reported skipped otherwise.
 */
import { chromium, type Browser } from "playwright-core";

export const BROWSER_TESTS = process.env.VIEWER_BROWSER_TEST === "1";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Chromium without its sandbox (the tests run as root in CI). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}
