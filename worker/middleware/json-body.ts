/**
 * @module JSON request bodies: application/json in UTF-8 only (415), at most MAX_BODY_BYTES (413), and a
 * body that is not JSON at all is a field error at path "$". Parsed once; validators reuse it.
 */
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { ApiError, validationError } from "../errors";

export const MAX_BODY_BYTES = 256 * 1024;

export const jsonBody = createMiddleware<AppEnv>(async (c, next) => {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE");
  const bytes = await readCapped(c.req.raw, MAX_BODY_BYTES);
  if (!bytes) throw new ApiError("PAYLOAD_TOO_LARGE");
  const contentType = c.req.header("Content-Type") ?? "";
  // No body at all reads as {} (its required fields are then reported); a body must be JSON.
  if (bytes.byteLength === 0) {
    c.req.bodyCache.json = Promise.resolve({});
    return next();
  }
  if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new ApiError("UNSUPPORTED_MEDIA_TYPE");
  if (!declaresUtf8(contentType))
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", { message: "A JSON body must be UTF-8: declare charset=utf-8 or no charset." });
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw validationError([{ path: "$", code: "INVALID_FORMAT", message: "The body is not valid JSON." }]);
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    throw validationError([{ path: "$", code: "INVALID_TYPE", message: "The body must be a JSON object." }]);
  // "\ud800" is valid JSON but not Unicode text: stored in D1 it would come back as U+FFFD, unlike the echo.
  if (holdsLoneSurrogate(parsed))
    throw validationError([{ path: "$", code: "INVALID_FORMAT", message: "The body holds an unpaired UTF-16 surrogate escape." }]);
  // Later validators read c.req.json(), which returns this cached value.
  c.req.bodyCache.json = Promise.resolve(parsed);
  await next();
});

/**
 * JSON is UTF-8 (RFC 8259 §8.1) and is only ever decoded as such: a body declared in another
 * charset (utf-16, latin1, …) would be read as bytes it is not, so it is refused, not guessed at.
 * No charset parameter means UTF-8; the value is case-insensitive and may be quoted (RFC 9110 §8.3.1),
 * and every charset given must say UTF-8.
 */
export function declaresUtf8(contentType: string): boolean {
  return contentType
    .split(";")
    .slice(1)
    .map((parameter) => parameter.split("="))
    .filter(([name]) => name?.trim().toLowerCase() === "charset")
    .every(([, ...value]) => /^(utf-?8|"utf-?8")$/i.test(value.join("=").trim()));
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any key or string value with an unpaired surrogate; iterative, as bodies may nest deeply. */
function holdsLoneSurrogate(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (LONE_SURROGATE.test(value)) return true;
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) stack.push(key, item);
    }
  }
  return false;
}

/** Reads the body, or returns null as soon as it grows past `max` (no unbounded buffering). */
async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
