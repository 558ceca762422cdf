#!/usr/bin/env node
/**
 * The registry gateway stub: the sandbox registry (worker/upstream/sandbox) served through the gateway
 * wire contract (docs/upstream-gateway.md) on plain node:http, with switchable faults (faults.mjs).
 * The sandbox and the contract are the worker's own TypeScript, bundled for Node by esbuild at start,
 * so the stub serves exactly what the sandbox adapter returns.
 *
 *   node gateway-stub/server.mjs [--port 8790] [--host 127.0.0.1] [--token T] [--slow-ms 1000]
 *   node gateway-stub/server.mjs --print-openapi      the contract's OpenAPI document
 *
 * Besides the contract (/v1/...): GET /_stub/health, POST /_stub/faults {subject?, route?, fault,
 * times?}, DELETE /_stub/faults, GET /_stub/requests?subject=NAME (what the stub was asked).
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { routeOf } from "../services/registry-connector/contract-routes.mjs";
import { bearerCheck, listen, readBody, sendContractError, sendJson } from "../services/registry-connector/http-plumbing.mjs";
import { bundleForNode } from "../services/registry-connector/replica/node-bundle.mjs";
import { FaultRules, parseFault } from "./faults.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const CODE_OF_KIND = {
  missing: "NOT_FOUND",
  unavailable: "SOURCE_UNAVAILABLE",
  quarantined: "SOURCE_QUARANTINED",
  busy: "BUSY",
  transient: "TRANSIENT",
};
const JOURNAL_LIMIT = 10_000;

/** The worker's sandbox and contract, bundled for Node (bundle-entry.ts). */
export function loadWorkerModules() {
  return bundleForNode(join(here, "bundle-entry.ts"));
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve(false)), { once: true });
  });

const MAX_BODY = 64 * 1024;

/**
 * @param {{port?: number, host?: string, token?: string, slowMs?: number, busyAttempts?: number}} options
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>}>}
 */
export async function startGatewayStub({ port = 0, host = "127.0.0.1", token = "local-gateway-token", slowMs = 1000, busyAttempts = 2 } = {}) {
  const lib = await loadWorkerModules();
  const sandbox = new lib.SandboxUpstream({ slowCallMs: slowMs, busyAttempts });
  const rules = new FaultRules();
  const journal = [];
  const authorised = bearerCheck(token);

  function fail(res, requestId, code, message, retryAfterSeconds) {
    sendContractError(res, lib.GATEWAY_ERROR_STATUS[code], { code, message, requestId, retryAfterSeconds });
  }

  /** Faults that replace the answer; true when one was played. */
  async function playEarly(fault, req, res, requestId, signal) {
    if (fault.has("slow")) await sleep(Number(fault.get("slow")) || 1000, signal);
    if (fault.has("reset")) {
      req.socket.destroy();
      return true;
    }
    if (fault.has("timeout")) {
      await sleep(120_000, signal);
      req.socket.destroy();
      return true;
    }
    if (fault.has("error")) {
      sendJson(res, Number(fault.get("error")) || 503, { code: "TRANSIENT", message: "stub fault", requestId }, { "X-Request-Id": requestId });
      return true;
    }
    const code = fault.has("busy")
      ? "BUSY"
      : fault.has("unavailable")
        ? "SOURCE_UNAVAILABLE"
        : fault.has("quarantined")
          ? "SOURCE_QUARANTINED"
          : null;
    if (code) {
      fail(res, requestId, code, "stub fault", code === "BUSY" ? Number(fault.get("busy")) || 1 : undefined);
      return true;
    }
    if (fault.has("status")) {
      const headers = { "Content-Type": "text/html" };
      if (fault.has("retry-after")) headers["Retry-After"] = fault.get("retry-after");
      res.writeHead(Number(fault.get("status")) || 502, headers);
      res.end("<html><body>stub proxy error</body></html>");
      return true;
    }
    return false;
  }

  function sendFile(res, requestId, file, fault, signal) {
    const bytes = Buffer.from(file.body);
    const digest = createHash("sha256")
      .update(fault.has("hash-mismatch") ? Buffer.concat([bytes, Buffer.from("x")]) : bytes)
      .digest();
    const headers = {
      "Content-Type": file.mimeType,
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "X-Request-Id": requestId,
    };
    if (fault.has("digest")) headers["Repr-Digest"] = `sha-256=:${digest.toString("base64")}:`;
    else headers["X-Content-SHA256"] = digest.toString("hex");
    if (!fault.has("no-length")) headers["Content-Length"] = bytes.length;
    res.writeHead(200, headers);
    if (!fault.has("truncate") && !fault.has("stall")) return res.end(bytes);
    res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
    if (fault.has("truncate")) setTimeout(() => res.socket?.destroy(), 20);
    else sleep(120_000, signal).then(() => res.socket?.destroy());
  }

  /** Serves one contract call; `entry` (already in the journal) learns its subject and fault as they are known. */
  async function serveContract(req, res, match, requestId, signal, entry) {
    const ctx = { attempt: Number(req.headers["x-attempt"]) || 1, signal };
    let subject;
    if (match.route === "listing") {
      const parsed = JSON.parse((await readBody(req, MAX_BODY)) ?? "null");
      subject = typeof parsed?.subject === "string" && parsed.subject ? parsed.subject : null;
    } else {
      subject = req.headers["x-subject"] ? decodeURIComponent(String(req.headers["x-subject"])) : null;
    }
    if (!subject) return fail(res, requestId, "BAD_REQUEST", "no subject");
    if (match.certificateNumber === null || match.fileName === null)
      return fail(res, requestId, "BAD_REQUEST", "a path parameter is not valid percent-encoding");
    entry.subject = subject;
    const fault = parseFault(req.headers["x-stub-fault"] ?? rules.take(subject, match.route));
    entry.fault = [...fault.keys()].join(";") || null;
    if (await playEarly(fault, req, res, requestId, signal)) return;
    const ref = { subjectName: subject, certificateNumber: match.certificateNumber };
    const result =
      match.route === "listing"
        ? await sandbox.listRegistrations(subject, ctx)
        : match.route === "certificate"
          ? await sandbox.fetchCertificate(ref, ctx)
          : match.route === "attachments"
            ? await sandbox.listAttachments(ref, ctx)
            : await sandbox.fetchAttachment(ref, match.fileName, ctx);
    if (signal.aborted) return;
    if (!result.ok) return fail(res, requestId, CODE_OF_KIND[result.kind], `sandbox: ${result.kind}`, result.retryAfterSeconds);
    if (match.route === "listing") {
      const { registrations, sourceStatus } = result;
      sendJson(res, 200, { subject, complete: !fault.has("incomplete"), sourceStatus, registrations }, { "X-Request-Id": requestId });
    } else if (match.route === "attachments") {
      sendJson(res, 200, { attachments: result.attachments }, { "X-Request-Id": requestId });
    } else {
      sendFile(res, requestId, result, fault, signal);
    }
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://stub");
    const requestId = String(req.headers["x-request-id"] ?? `stub_${Math.random().toString(36).slice(2)}`);
    const aborts = new AbortController();
    res.on("close", () => aborts.abort());
    if (url.pathname === "/_stub/health") return sendJson(res, 200, { ok: true });
    if (url.pathname === "/_stub/faults" && req.method === "POST")
      return sendJson(res, 201, { id: rules.add(JSON.parse((await readBody(req, MAX_BODY)) ?? "null")) });
    if (url.pathname === "/_stub/faults" && req.method === "DELETE") {
      rules.clear();
      return res.writeHead(204).end();
    }
    if (url.pathname === "/_stub/requests") {
      const subject = url.searchParams.get("subject");
      return sendJson(res, 200, { requests: journal.filter((r) => subject === null || r.subject === subject) });
    }
    if (url.pathname === "/v1/openapi.json") return sendJson(res, 200, lib.gatewayOpenApiDocument());
    const match = routeOf(req.method, url.pathname);
    if (!match) return fail(res, requestId, "NOT_FOUND", "no such route");
    if (!authorised(req)) return fail(res, requestId, "UNAUTHORIZED", "bearer token required");
    const entry = {
      route: match.route,
      subject: null,
      requestId,
      attempt: Number(req.headers["x-attempt"]) || null,
      at: Date.now(),
      status: null,
      fault: null,
    };
    journal.push(entry);
    if (journal.length > JOURNAL_LIMIT) journal.splice(0, journal.length - JOURNAL_LIMIT);
    try {
      await serveContract(req, res, match, requestId, aborts.signal, entry);
    } finally {
      entry.status = res.headersSent ? res.statusCode : null;
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendJson(res, 400, { code: "BAD_REQUEST", message: String(error?.message ?? error) });
      else res.destroy();
    });
  });
  return listen(server, port, host);
}

function argument(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--print-openapi")) {
    const lib = await loadWorkerModules();
    process.stdout.write(`${JSON.stringify(lib.gatewayOpenApiDocument(), null, 2)}\n`);
  } else {
    const stub = await startGatewayStub({
      port: Number(argument("port", process.env.GATEWAY_PORT ?? "8790")),
      host: argument("host", "127.0.0.1"),
      token: argument("token", process.env.GATEWAY_TOKEN ?? "local-gateway-token"),
      slowMs: Number(argument("slow-ms", "1000")),
    });
    console.log(`registry gateway stub on ${stub.url} (contract: ${stub.url}/v1/openapi.json)`);
    for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stub.close().then(() => process.exit(0)));
  }
}
