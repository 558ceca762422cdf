#!/usr/bin/env node
/**
 * A replica of the registry's direct-connect query services (docs/registry-connector.md): the WSDLs'
 * operations (login, queryBySubject, queryDownLoadFileByNum) as SOAP 1.1 over plain node:http, serving
 * the sandbox registry (worker/upstream/sandbox, bundled for Node as the gateway stub does). Every
 * parameter must be SM2-encrypted to the key pair the replica makes at start; a parameter that does
 * not decrypt is a fault, as the registry's would be. Not a dependency of the Worker.
 *
 *   REGISTRY_USER=… REGISTRY_PASSWORD=… REGISTRY_AUTH_CODE=… node services/registry-connector/replica/server.mjs [--port 8792]
 * (the account it accepts: the same variables the connector reads; made up at random when unset, as
 * `npm run start:direct` and the tests do in-process). It prints its public key: REGISTRY_PUBLIC_KEY.
 *
 * Besides the services (/mfrsq_ws_test/services/…): GET /_replica/health, POST /_replica/faults
 * {subject?, route? (the operation), fault, times?}, DELETE /_replica/faults, GET /_replica/calls.
 * Fault specs (`;`-joined): fault, expired-token, refuse-login, wrong-key, error-zip, truncate, busy,
 * unavailable, quarantined, slow=MS; and the hostile answers of hostile.mjs: zip-bomb, bad-crc, gbk-xml,
 * gbk-envelope, echo-token, huge-answer=BYTES.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { FaultRules, parseFault } from "../../../gateway-stub/faults.mjs";
import { loadWorkerModules } from "../../../gateway-stub/server.mjs";
import { SERVICES } from "../services.mjs";
import { generateKeyPair } from "../sm2-parameter.mjs";
import { readSoapRequest, soapFault, soapResponse } from "../soap.mjs";
import { FAULT_TEXTS } from "./answers.mjs";
import { gbkXml } from "./gbk.mjs";
import { ReplicaRegistry } from "./registry.mjs";

export const SERVICES_PATH = "/mfrsq_ws_test/services";
const MAX_BODY = 1024 * 1024;
const JOURNAL_LIMIT = 10_000;

/** The institution's account on a replica: made up at start, handed to whoever starts the connector. */
function madeUpAccount() {
  return {
    userName: `replica_${randomBytes(4).toString("hex")}`,
    password: randomBytes(12).toString("base64url"),
    platformAuthCode: randomBytes(8).toString("hex"),
  };
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res, status, type, body) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

/**
 * @param {{port?: number, host?: string, slowMs?: number, busyAttempts?: number, tokenTtlMs?: number,
 *   account?: {userName: string, password: string, platformAuthCode: string}}} [options]
 * @returns {Promise<{url: string, servicesUrl: string, port: number, publicKey: string, privateKey: string,
 *   account: {userName: string, password: string, platformAuthCode: string}, close: () => Promise<void>}>}
 */
export async function startReplica({
  port = 0,
  host = "127.0.0.1",
  slowMs = 1000,
  busyAttempts = 2,
  tokenTtlMs = 30 * 60_000,
  account = madeUpAccount(),
} = {}) {
  const lib = await loadWorkerModules();
  const keys = generateKeyPair();
  const rules = new FaultRules();
  const journal = [];
  const registry = new ReplicaRegistry({ sandbox: new lib.SandboxUpstream({ slowCallMs: slowMs, busyAttempts }), keys, account, tokenTtlMs });
  const operations = new Map(Object.values(SERVICES).map((s) => [s.path, s]));

  async function serve(req, res, service) {
    const request = readSoapRequest(await readBody(req));
    if (!request || request.operation !== service.operation) return send(res, 500, "text/xml; charset=utf-8", soapFault(FAULT_TEXTS.internal));
    const entry = { operation: service.operation, at: Date.now(), outcome: null };
    journal.push(entry);
    if (journal.length > JOURNAL_LIMIT) journal.splice(0, journal.length - JOURNAL_LIMIT);
    const answer = await registry.answer(service, request.parameters, (subject) => parseFault(rules.take(subject, service.operation)));
    entry.outcome = answer.fault ? `fault: ${answer.fault}` : "ok";
    const envelope = answer.fault ? soapFault(answer.fault) : soapResponse(service.namespace, service.operation, answer.bytes);
    if (answer.envelope === "gbk") return send(res, answer.fault ? 500 : 200, "text/xml; charset=GBK", Buffer.from(gbkXml(envelope)));
    send(res, answer.fault ? 500 : 200, "text/xml; charset=utf-8", envelope);
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://replica");
    if (url.pathname === "/_replica/health") return send(res, 200, "application/json", JSON.stringify({ ok: true }));
    if (url.pathname === "/_replica/faults" && req.method === "POST")
      return send(res, 201, "application/json", JSON.stringify({ id: rules.add(JSON.parse(await readBody(req))) }));
    if (url.pathname === "/_replica/faults" && req.method === "DELETE") {
      rules.clear();
      return res.writeHead(204).end();
    }
    if (url.pathname === "/_replica/calls") return send(res, 200, "application/json", JSON.stringify({ calls: journal }));
    const service = url.pathname.startsWith(`${SERVICES_PATH}/`) ? operations.get(url.pathname.slice(SERVICES_PATH.length + 1)) : undefined;
    if (!service || req.method !== "POST") return send(res, 404, "text/plain", "no such service");
    return serve(req, res, service);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, "text/xml; charset=utf-8", soapFault(FAULT_TEXTS.internal));
      else res.destroy();
    });
  });
  await new Promise((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  const bound = server.address().port;
  const base = `http://${host}:${bound}`;
  return {
    url: base,
    servicesUrl: `${base}${SERVICES_PATH}`,
    port: bound,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
    account,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf("--port");
  const { REGISTRY_USER, REGISTRY_PASSWORD, REGISTRY_AUTH_CODE } = process.env;
  const account =
    REGISTRY_USER && REGISTRY_PASSWORD && REGISTRY_AUTH_CODE
      ? { userName: REGISTRY_USER, password: REGISTRY_PASSWORD, platformAuthCode: REGISTRY_AUTH_CODE }
      : undefined;
  if (!account) console.log("REGISTRY_USER, REGISTRY_PASSWORD and REGISTRY_AUTH_CODE unset: the replica accepts an account nobody knows");
  const replica = await startReplica({
    port: Number(i >= 0 ? process.argv[i + 1] : (process.env.REPLICA_PORT ?? "8792")),
    ...(account ? { account } : {}),
  });
  console.log(`registry direct-connect replica on ${replica.servicesUrl}`);
  console.log(`its public key (REGISTRY_PUBLIC_KEY): ${replica.publicKey}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => replica.close().then(() => process.exit(0)));
}
