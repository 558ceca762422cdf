/**
 * @module The OCR service's HTTP edge (plain node:http): GET /healthz, POST /v1/ocr. Contract, limits
 * and error codes: docs/ocr.md. Bodies are read up to a limit, recognitions go through a bounded
 * queue with a per-call deadline (a call whose caller hung up leaves the queue), the last answers are
 * kept for a caller who asks again (recent.mjs), every failure is the JSON error envelope.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { ENGINE_NAME, ENGINE_VERSION } from "./engine.mjs";
import { ERRORS, OcrError } from "./errors.mjs";
import { createLimiter } from "./limiter.mjs";
import { createRecent, requestKey } from "./recent.mjs";

/**
 * @param {{engine: Promise<{read(body: Uint8Array, page: string | null): Promise<object>}>, token?: string, maxBytes: number,
 *   timeoutMs: number, concurrency: number, log?: (line: string) => void}} options
 */
export function createOcrServer(options) {
  const limiter = createLimiter(options.concurrency);
  const recent = createRecent();
  let engine = null;
  let loadFailed = false;
  options.engine.then(
    (loaded) => {
      engine = loaded;
    },
    (error) => {
      loadFailed = true;
      options.log?.(`engine failed to load: ${error.message}`);
    },
  );

  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://ocr.local");
      if (url.pathname === "/healthz") {
        if (req.method !== "GET" && req.method !== "HEAD") throw new OcrError("METHOD_NOT_ALLOWED");
        if (!engine) return send(res, 503, { status: loadFailed ? "failed" : "loading", engine: ENGINE_NAME, version: ENGINE_VERSION });
        return send(res, 200, { status: "ok", engine: ENGINE_NAME, version: ENGINE_VERSION, ...limiter.stats() });
      }
      if (url.pathname !== "/v1/ocr") throw new OcrError("NOT_FOUND");
      if (req.method !== "POST") throw new OcrError("METHOD_NOT_ALLOWED");
      if (options.token && !bearerMatches(req.headers.authorization, options.token)) throw new OcrError("UNAUTHORIZED");
      if (!engine) throw new OcrError("UNAVAILABLE");
      const body = await readBody(req, options.maxBytes);
      const key = requestKey(body, url.searchParams.get("page"));
      const known = recent.get(key);
      if (known) return send(res, 200, known);
      const ready = engine;
      const gone = new AbortController();
      res.on("close", () => res.writableFinished || gone.abort());
      // Kept when it finishes, even after this call timed out or its caller left: a retry gets it at once.
      const reading = () => ready.read(body, url.searchParams.get("page")).then((answer) => (recent.set(key, answer), answer));
      send(res, 200, await limiter.run(reading, options.timeoutMs, gone.signal));
    } catch (error) {
      const code = error instanceof OcrError ? error.code : "INTERNAL";
      if (code === "INTERNAL") options.log?.(`recognition failed: ${error?.stack ?? error}`);
      // A body we stopped reading cannot be drained cheaply: close the connection after answering.
      if (code === "TOO_LARGE" || !req.complete) res.setHeader("Connection", "close");
      send(res, ERRORS[code].status, { error: { code, message: error instanceof OcrError ? error.message : ERRORS.INTERNAL.message } });
    }
  });
}

function send(res, status, body) {
  if (res.headersSent) return;
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(json),
    "Cache-Control": "no-store",
  });
  res.end(json);
}

/** Compares digests, so that neither the token's length nor its prefix shows in timing. */
function bearerMatches(header, token) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const digest = (s) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** The whole body, or TOO_LARGE as soon as it (or its Content-Length) passes maxBytes. */
function readBody(req, maxBytes) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return reject(new OcrError("TOO_LARGE"));
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners("data");
        req.pause();
        reject(new OcrError("TOO_LARGE"));
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on("error", () => reject(new OcrError("UNREADABLE")));
  });
}
