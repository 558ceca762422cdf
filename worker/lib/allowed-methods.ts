/**
 * @module Which methods a path answers, read from the app's own route table: a known path asked
 * with another method is 405 with `Allow` (RFC 9110 §15.5.6), not the 404 of an unknown path.
 */
import { TrieRouter } from "hono/router/trie-router";

interface RouteEntry {
  method: string;
  path: string;
}

/** Listed in this order in `Allow`; HEAD is answered wherever GET is (Hono serves it with the GET handler). */
const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/**
 * A lookup of the methods routed for a path. Routes registered with `use()` (method ALL) are
 * middleware, not endpoints, and are left out. The router is Hono's own trie router, so a path
 * matches here exactly when it would match there (same parameters, same trailing-slash rule).
 */
export function allowedMethodsLookup(routes: readonly RouteEntry[]): (path: string) => string[] {
  const router = new TrieRouter<true>();
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    router.add(route.method, route.path, true);
    methods.add(route.method);
  }
  return (path) => {
    const allowed = new Set([...methods].filter((method) => router.match(method, path)[0].length > 0));
    if (allowed.has("GET")) allowed.add("HEAD");
    return METHOD_ORDER.filter((method) => allowed.has(method));
  };
}
