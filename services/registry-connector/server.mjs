/**
 * @module The connector's HTTP side: the gateway contract (docs/upstream-gateway.openapi.json) the
 * Worker's http upstream adapter speaks, served from the registry's direct-connect answers. Every
 * failure is a contract error body whose code comes from mappings.mjs (OUTCOME_ERRORS); a listing is
 * the whole list or an error, never a part. Subjects arrive in the listing's body or X-Subject and
 * never reach a log line. The door: the token first, then the request's own shapes (a path that does
 * not decode, a registration number or file name the registry cannot have: 400), and only then a call.
 * Every answer is given within the connector's deadline (time-budget.mjs).
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { DEFAULT_BOUNDS } from "./bounds.mjs";
import { routeOf } from "./contract-routes.mjs";
import { isFileName, isRegisterNo } from "./door.mjs";
import { DownloadCache, filesOfZip } from "./files.mjs";
import { bearerCheck, readBody, sendContractError, sendJson } from "./http-plumbing.mjs";
import { DEBT_TYPES, OUTCOME_ERRORS } from "./mappings.mjs";
import { RegistryQueries } from "./registry-queries.mjs";
import { connectorDeadlineMs, DEFAULT_REGISTRY_TIMEOUT_MS, withinDeadline } from "./time-budget.mjs";

const MAX_LISTING_BODY = 64 * 1024;
const MAX_SUBJECT_LENGTH = 200;

const badRequest = (res, requestId, message) => sendJson(res, 400, { code: "BAD_REQUEST", message, requestId }, { "X-Request-Id": requestId });

/** The contract error for an outcome (mappings.mjs). */
function sendOutcome(res, requestId, outcome) {
  const { code, retryAfterSeconds } = OUTCOME_ERRORS[outcome] ?? OUTCOME_ERRORS.transient;
  const status = { NOT_FOUND: 404, SOURCE_UNAVAILABLE: 422, SOURCE_QUARANTINED: 451, BUSY: 429, TRANSIENT: 503 }[code];
  sendContractError(res, status, { code, message: outcome, requestId, retryAfterSeconds });
}

function sendFile(res, requestId, file) {
  const bytes = Buffer.from(file.bytes);
  res.writeHead(200, {
    "Content-Type": file.mimeType,
    "Content-Length": bytes.length,
    "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "X-Content-SHA256": createHash("sha256").update(bytes).digest("hex"),
    "X-Request-Id": requestId,
  });
  res.end(bytes);
}

/** A percent-encoded header's text, or null when absent or not valid percent-encoding. */
function decodedHeader(value) {
  try {
    return value ? decodeURIComponent(String(value)) : null;
  } catch {
    return null;
  }
}

/** The caller's request id when it is one (it is logged: no spaces, no controls), else one of ours. */
function requestIdOf(value) {
  return typeof value === "string" && /^[\w.:-]{1,100}$/.test(value) ? value : `con_${Math.random().toString(36).slice(2)}`;
}

function subjectOf(value) {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_SUBJECT_LENGTH ? value : null;
}

/**
 * @param {{client: import("./registry-client.mjs").RegistryClient, token: string,
 *   log: (line: string, ...values: string[]) => void, query?: typeof DEBT_TYPES, cacheMs?: number,
 *   cacheEntries?: number, bounds?: Partial<import("./bounds.mjs").Bounds>, deadlineMs?: number}} options
 */
export function createConnectorServer({
  client,
  token,
  log,
  query = DEBT_TYPES,
  cacheMs = 120_000,
  cacheEntries = 8,
  bounds = DEFAULT_BOUNDS,
  deadlineMs = connectorDeadlineMs({ timeoutMs: DEFAULT_REGISTRY_TIMEOUT_MS }),
}) {
  const authorised = bearerCheck(token);
  const queries = new RegistryQueries({ client, table: query, log, bounds });
  const downloads = new DownloadCache({
    ttlMs: cacheMs,
    maxEntries: cacheEntries,
    download: (registerNo, subject) => queries.download(registerNo, subject, (bytes) => filesOfZip(bytes, registerNo, bounds)),
  });
  /** The registry's answer, or TRANSIENT once the connector's deadline has passed (the Worker waits longer). */
  const inTime = (requestId, route, work) =>
    withinDeadline(work, deadlineMs, () => {
      log(`${route} ${requestId}: no answer within the connector's deadline (${deadlineMs} ms)`);
      return { ok: false, outcome: "slow" };
    });

  async function listing(req, res, requestId) {
    let subject = null;
    try {
      subject = subjectOf(JSON.parse((await readBody(req, MAX_LISTING_BODY)) ?? "null")?.subject);
    } catch {
      // not JSON: answered below
    }
    if (!subject) return badRequest(res, requestId, "the body is not a ListingRequest");
    const parsed = await inTime(requestId, "listing", queries.listing(subject, requestId));
    if (!parsed.ok) return sendOutcome(res, requestId, parsed.outcome);
    log(`listing ${requestId}: ${parsed.registrations.length} registration(s)`);
    sendJson(res, 200, { subject, complete: true, sourceStatus: "available", registrations: parsed.registrations }, { "X-Request-Id": requestId });
  }

  async function file(req, res, match, requestId) {
    const subject = subjectOf(decodedHeader(req.headers["x-subject"]));
    if (!subject) return badRequest(res, requestId, "X-Subject is required");
    if (!isRegisterNo(match.certificateNumber)) return badRequest(res, requestId, "the registration number is not the registry's (20 digits)");
    if (match.route === "attachment" && !isFileName(match.fileName)) return badRequest(res, requestId, "the file name is not one the registry lists");
    const files = await inTime(requestId, match.route, downloads.get(match.certificateNumber, subject));
    if (!files.ok) {
      if (files.reason) log(`${match.route} ${requestId}: ${files.reason} (${files.outcome})`, subject);
      return sendOutcome(res, requestId, files.outcome);
    }
    if (match.route === "certificate")
      return files.certificate ? sendFile(res, requestId, files.certificate) : sendOutcome(res, requestId, "missing");
    if (match.route === "attachments") {
      const attachments = files.attachments.map((a) => ({
        fileName: a.name,
        mimeType: a.mimeType,
        size: a.bytes.byteLength,
        sha256: createHash("sha256").update(a.bytes).digest("hex"),
      }));
      return sendJson(res, 200, { attachments }, { "X-Request-Id": requestId });
    }
    const attachment = files.attachments.find((a) => a.name === match.fileName);
    return attachment ? sendFile(res, requestId, attachment) : sendOutcome(res, requestId, "missing");
  }

  async function handle(req, res) {
    // The path as sent, undecoded and unnormalised: routeOf decodes its parameters itself, and never throws.
    const pathname = String(req.url ?? "/").split("?")[0];
    const requestId = requestIdOf(req.headers["x-request-id"]);
    if (pathname === "/healthz")
      return sendJson(res, 200, { ok: true, service: "registry-connector", sessions: client.pool.size, sessionsPerAccount: client.pool.behaviour });
    const match = routeOf(req.method, pathname);
    if (!match) return sendJson(res, 404, { code: "NOT_FOUND", message: "no such route", requestId });
    if (!authorised(req)) return sendJson(res, 401, { code: "UNAUTHORIZED", message: "bearer token required", requestId });
    if (match.route === "listing") return listing(req, res, requestId);
    return file(req, res, match, requestId);
  }

  return createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`internal error: ${error instanceof Error ? error.name : "unknown"}`);
      if (!res.headersSent) sendJson(res, 503, { code: "TRANSIENT", message: "connector error" });
      else res.destroy();
    });
  });
}
