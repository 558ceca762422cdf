/**
 * @module Every JSON response a test receives is checked against the schema its route documents for
 * that status: the same zod schemas that generate the OpenAPI document (read from the app's own route
 * definitions, so a new route is covered the day it is added). Any error status is checked against
 * the one error body. Unknown keys fail too (a shape is exact), and so does null where the schema says
 * optional: optional fields are omitted, never null.
 */
import type { z } from "@hono/zod-openapi";
import { createApp } from "../worker/app";
import { ErrorBodySchema } from "../worker/schemas/error";

interface DocumentedRoute {
  method: string;
  path: string;
  pattern: RegExp;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let routes: DocumentedRoute[] | undefined;

function documentedRoutes(): DocumentedRoute[] {
  routes ??= createApp()
    .openAPIRegistry.definitions.flatMap((d) => (d.type === "route" ? [d.route] : []))
    .map((r) => ({
      method: r.method.toUpperCase(),
      path: r.path,
      pattern: new RegExp(`^${r.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      responses: r.responses as DocumentedRoute["responses"],
    }));
  return routes;
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && typeof (value as { safeParse?: unknown }).safeParse === "function";
}

/**
 * The schema a response must match, or a reason there is none. Paths outside the documented routes
 * (the OpenAPI document itself, the docs and viewer pages) answer null unless they answer an error.
 */
export function responseSchema(method: string, path: string, status: number): { schema: z.ZodType; route: string } | { missing: string } | null {
  // HEAD is answered by the GET handler and documented with it.
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  const route = documentedRoutes().find((r) => r.method === verb && r.pattern.test(path));
  const documented = route?.responses[String(status)]?.content?.["application/json"]?.schema;
  if (isZodSchema(documented)) return { schema: documented, route: `${verb} ${route!.path}` };
  if (status >= 400) return { schema: ErrorBodySchema, route: `${verb} ${route?.path ?? path} (error body)` };
  if (!route) return null;
  return { missing: `${verb} ${route.path} documents no JSON body for ${status}` };
}

/** The first difference between what was sent and what the schema kept ("" when equal). */
function difference(sent: unknown, kept: unknown, at: string): string {
  if (Object.is(sent, kept)) return "";
  if (typeof sent !== "object" || typeof kept !== "object" || sent === null || kept === null || Array.isArray(sent) !== Array.isArray(kept))
    return `${at || "$"}: ${JSON.stringify(sent)} became ${JSON.stringify(kept)}`;
  const keys = new Set([...Object.keys(sent), ...Object.keys(kept)]);
  for (const key of keys) {
    const inner = difference(
      (sent as Record<string, unknown>)[key],
      (kept as Record<string, unknown>)[key],
      `${at}${Array.isArray(sent) ? `[${key}]` : `.${key}`}`,
    );
    if (inner) return key in kept ? inner : `${at}.${key} is not in the documented shape`;
  }
  return "";
}

/** Throws, naming the route and the first field at fault, unless `body` is exactly the documented shape. */
export function expectDocumentedShape(method: string, path: string, status: number, body: unknown): void {
  const found = responseSchema(method, path, status);
  if (found === null) return;
  if ("missing" in found) throw new Error(`Undocumented response: ${found.missing}`);
  const parsed = found.schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${found.route} → ${status}: ${issue.path.join(".") || "$"}: ${issue.message}`);
  }
  const extra = difference(body, parsed.data, "");
  if (extra) throw new Error(`${found.route} → ${status}: ${extra}`);
}

/** Checks a response's JSON body (if it has one) without consuming it. */
export async function checkResponseShape(method: string, url: string, res: Response): Promise<void> {
  if (method.toUpperCase() === "HEAD" || res.status === 204 || !/^application\/json/.test(res.headers.get("Content-Type") ?? "")) return;
  const text = await res.clone().text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${url} → ${res.status}: the body is not JSON`);
  }
  expectDocumentedShape(method, new URL(url).pathname, res.status, body);
}
