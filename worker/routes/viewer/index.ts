/**
 * @module The evidence viewer (GET /viewer): a page for the reviewer who must look at a hit before
 * deciding. It shows one check result's evidence, one entry at a time: the certificate or attachment
 * page drawn in the browser (pdf.js, or the image), each hit boxed from evidence-locations (the whole
 * page marked where only the page is known), the snippet, previous / next across the matched results.
 *
 * How it authenticates, and why this way: the reviewer types the API key into the page, the script
 * keeps it in memory only and sends it as X-Api-Key on each fetch, exactly as the spec asks of every
 * client (downloads included). A signed link minted by the API was the alternative; it would add a
 * second credential (a bearer URL that leaks through history, logs and shared screens for its whole
 * lifetime) and a second authentication path on the download endpoint. With the key in memory the
 * page adds none: it is a static shell holding nothing of an account (public, like /docs), and every
 * byte it shows passes through the open API's own auth, rate window and ownership checks (another
 * account's check or document is a 404). No CORS headers: the page calls the API from this origin.
 *
 * The page's modules, style, pdf.js and CMaps (/viewer/assets/…, /viewer/cmaps/…) are static assets,
 * served by Cloudflare's asset layer before the Worker runs (public/, scripts/build-static-assets.mjs;
 * their headers in static/_headers). A name there that is no asset reaches the Worker: a 404.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { VIEWER_PAGE_POLICY, viewerPage } from "./page";

/** Mounted at /viewer by createApp(). */
export function createEvidenceViewer(): Hono<AppEnv> {
  const viewer = new Hono<AppEnv>();
  viewer.get("/", (c) => {
    c.header("Content-Security-Policy", VIEWER_PAGE_POLICY);
    c.header("Cache-Control", "no-cache");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    return c.html(viewerPage(`${c.req.path.replace(/\/$/, "")}/assets`));
  });
  return viewer;
}
