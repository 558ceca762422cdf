/**
 * @module The OCR service's HTTP edge (plain node:http): GET /healthz, POST /v1/ocr. Contract, limits
 * and error codes: docs/ocr.md. Bodies are read up to a limit, recognitions go through a bounded
 * queue, one reading per page however many callers ask for it at once, each call with its own
 * deadline; a reading runs to its end when its callers time out or leave, and the last answers are
 * kept for the caller who asks again (recent.mjs). A caller may ask for a shorter wait than the
 * service's (`Prefer: wait=<seconds>`, RFC 7240): a reading not done by then is answered TIMEOUT with
 * Retry-After, the service's estimate of when it will be, so that the caller neither holds a
 * connection for a page queued behind a hundred others nor counts the wait as a failure.
 * Every failure is the JSON error envelope.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import { ENGINE_NAME, ENGINE_VERSION } from "./engine.mjs";
import { ERRORS, OcrError } from "./errors.mjs";
import { createLimiter } from "./limiter.mjs";
import { createRecent, requestKey } from "./recent.mjs";

/** A Retry-After never asks for more than this: the estimate is rough, and a caller should look again. */
const MAX_RETRY_AFTER_S = 120;
/** While the models load (about a second), come back after this. */
const LOADING_RETRY_AFTER_S = 2;

/**
 * @param {{engine: Promise<{read(body: Uint8Array, page: string | null): Promise<object>}>, token?: string, maxBytes: number,
 *   timeoutMs: number, concurrency: number, maxQueued?: number, queuedForMs?: number, log?: (line: string) => void}} options
 *   `timeoutMs`: one call's wait; `maxQueued` (512): readings waiting at most; `queuedForMs` (10 min): how
 *   long a reading may wait for the engine before it is dropped
 */
export function createOcrServer({ maxQueued = 512, queuedForMs = 600_000, ...rest }) {
  const options = { maxQueued, queuedForMs, ...rest };
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

  /** Readings queued or running, by request key: a second call for the same page joins the first. */
  const reading = new Map();
  /** An estimate in milliseconds as a Retry-After: whole seconds, 1 to MAX_RETRY_AFTER_S. */
  const retryAfter = (ms) => Math.min(MAX_RETRY_AFTER_S, Math.max(1, Math.ceil(ms / 1000)));
  /**
   * The reading of `body` (and `page`): the one under way, or a new one in the queue. It runs to its end
   * whoever waits for it (a caller that timed out or left will ask again: the Worker retries a page
   * until it is read), and its answer is kept for that retry. A queue already holding `maxQueued`
   * readings refuses a new one (TIMEOUT: retry later) rather than promise an answer it cannot give in time.
   */
  function readingOf(key, body, page) {
    const underWay = reading.get(key);
    if (underWay) return underWay;
    if (limiter.stats().queued >= options.maxQueued) throw new OcrError("TIMEOUT", undefined, retryAfter(limiter.backlogMs()));
    const ready = engine;
    const call = limiter.run(() => ready.read(body, page), options.queuedForMs);
    const answer = call.then((read) => (recent.set(key, read), read)).finally(() => reading.delete(key));
    // Nobody may be waiting when it fails: the failure is each caller's, not the process's.
    answer.catch(() => {});
    const started = { answer, remainingMs: () => limiter.remainingMs(call) };
    reading.set(key, started);
    return started;
  }

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
      if (!engine) throw new OcrError("UNAVAILABLE", undefined, loadFailed ? undefined : LOADING_RETRY_AFTER_S);
      const body = await readBody(req, options.maxBytes);
      const key = requestKey(body, url.searchParams.get("page"));
      const known = recent.get(key);
      if (known) return send(res, 200, known);
      const wait = Math.min(options.timeoutMs, preferredWaitMs(req.headers.prefer) ?? options.timeoutMs);
      const underWay = readingOf(key, body, url.searchParams.get("page"));
      send(res, 200, await callerDeadline(underWay.answer, wait, res, () => retryAfter(underWay.remainingMs())));
    } catch (error) {
      const code = error instanceof OcrError ? error.code : "INTERNAL";
      if (code === "INTERNAL") options.log?.(`recognition failed: ${error?.stack ?? error}`);
      // A body we stopped reading cannot be drained cheaply: close the connection after answering.
      if (code === "TOO_LARGE" || !req.complete) res.setHeader("Connection", "close");
      if (error instanceof OcrError && error.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(error.retryAfterSeconds));
      send(res, ERRORS[code].status, { error: { code, message: error instanceof OcrError ? error.message : ERRORS.INTERNAL.message } });
    }
  });
}

/**
 * The reading's answer, or TIMEOUT after `ms` (with `retryAfterSeconds()`, asked then) or when the caller
 * hangs up; the reading itself goes on.
 */
function callerDeadline(answer, ms, res, retryAfterSeconds) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new OcrError("TIMEOUT", undefined, retryAfterSeconds())), ms);
    res.on("close", () => res.writableFinished || reject(new OcrError("TIMEOUT")));
    answer.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** `Prefer: wait=<seconds>` (RFC 7240) in milliseconds, or null when absent or not a whole number ≥ 1. */
export function preferredWaitMs(header) {
  const match = /(?:^|[,;\s])wait\s*=\s*"?(\d{1,6})"?(?:$|[,;\s])/i.exec(header ?? "");
  const seconds = match ? Number(match[1]) : 0;
  return seconds >= 1 ? seconds * 1000 : null;
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
