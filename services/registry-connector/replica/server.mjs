#!/usr/bin/env node
/**
 * A replica of the registry's direct-connect query services (docs/registry-connector.md): the WSDLs'
 * operations (login, queryBySubject, queryDownLoadFileByNum) as SOAP 1.1 over plain node:http, serving
 * the sandbox registry (worker/upstream/sandbox, bundled for Node as the gateway stub does). Every
 * parameter must be SM2-encrypted to the key pair the replica makes at start; a parameter that does
 * not decrypt is a fault, as the registry's would be. Not a dependency of the Worker.
 *
 * It can disagree with the connector: its WSDL table, SOAP reading and writing, XML reader, SM2 and
 * fault texts are its own (wsdl.mjs, soap-envelope.mjs, xml-reader.mjs, sm2-decrypt.mjs, answers.mjs),
 * none imported from the connector's modules; its faults are CXF's namespaced soap:Fault.
 *
 *   REGISTRY_USER=… REGISTRY_PASSWORD=… REGISTRY_AUTH_CODE=… node services/registry-connector/replica/server.mjs [--port 8792]
 * (the account it accepts: the same variables the connector reads; made up at random when unset, as
 * `npm run start:direct` and the tests do in-process). It prints its public key: REGISTRY_PUBLIC_KEY.
 *
 * Besides the services (/mfrsq_ws_test/services/…): GET /_replica/health, POST /_replica/faults
 * {subject?, route? (the operation), fault, times?}, DELETE /_replica/faults, GET /_replica/calls,
 * GET and PUT /_replica/behaviour (behaviour.mjs: sessions, expiry text, refusals, debttypes, shapes).
 * Fault specs (`;`-joined): fault, expired-token, refuse-login, wrong-key, error-zip, truncate, busy,
 * unavailable, quarantined, slow=MS; and the hostile answers of hostile.mjs: zip-bomb, bad-crc, gbk-xml,
 * gbk-envelope, echo-token, huge-answer=BYTES.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { fileURLToPath, pathToFileURL } from "node:url";
import { listen, readBody, sendJson } from "../http-plumbing.mjs";
import { FAULT_TEXTS } from "./answers.mjs";
import { changedBehaviour, DEFAULT_BEHAVIOUR } from "./behaviour.mjs";
import { FaultRules, parseFault } from "./fault-rules.mjs";
import { bundleForNode } from "./node-bundle.mjs";
import { gbkXml } from "./gbk.mjs";
import { ReplicaRegistry } from "./registry.mjs";
import { writeAnswer, writeFault, readRequest } from "./soap-envelope.mjs";
import { generateKeyPair } from "./sm2-decrypt.mjs";
import { WSDL_SERVICES } from "./wsdl.mjs";

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

function send(res, status, type, body) {
  res.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  res.end(body);
}

const SOAP_TYPE = "text/xml; charset=utf-8";

/**
 * @param {{port?: number, host?: string, slowMs?: number, busyAttempts?: number, tokenTtlMs?: number,
 *   account?: {userName: string, password: string, platformAuthCode: string}, behaviour?: Partial<typeof DEFAULT_BEHAVIOUR>}} [options]
 * @returns {Promise<{url: string, servicesUrl: string, port: number, publicKey: string, privateKey: string,
 *   account: {userName: string, password: string, platformAuthCode: string}, close: () => Promise<void>}>}
 */
export async function startReplica({
  port = 0,
  host = "127.0.0.1",
  slowMs = 1000,
  busyAttempts = 2,
  tokenTtlMs = DEFAULT_BEHAVIOUR.tokenTtlMs,
  account = madeUpAccount(),
  behaviour = {},
} = {}) {
  const lib = await bundleForNode(fileURLToPath(new URL("./sandbox-entry.ts", import.meta.url)));
  const keys = generateKeyPair();
  const rules = new FaultRules();
  const journal = [];
  const initial = changedBehaviour(DEFAULT_BEHAVIOUR, { tokenTtlMs, ...behaviour });
  if (!initial.ok) throw new Error(initial.problem);
  const registry = new ReplicaRegistry({
    sandbox: new lib.SandboxUpstream({ slowCallMs: slowMs, busyAttempts }),
    keys,
    account,
    behaviour: initial.behaviour,
  });

  async function serve(req, res, service) {
    const body = await readBody(req, MAX_BODY);
    const request = body === null ? { ok: false, reason: "the request is too large" } : readRequest(body, service);
    if (!request.ok) return send(res, 500, SOAP_TYPE, writeFault(service, request.reason, { client: true }));
    const entry = { operation: service.operation, at: Date.now(), outcome: null };
    journal.push(entry);
    if (journal.length > JOURNAL_LIMIT) journal.splice(0, journal.length - JOURNAL_LIMIT);
    const answer = await registry.answer(service, request.parameters, (subject) => parseFault(rules.take(subject, service.operation)));
    if (answer.values?.debttype) entry.debttype = answer.values.debttype;
    entry.outcome = answer.fault ? `fault: ${answer.fault}` : "ok";
    const envelope = answer.fault ? writeFault(service, answer.fault) : writeAnswer(service, answer.bytes);
    if (answer.envelope === "gbk") return send(res, answer.fault ? 500 : 200, "text/xml; charset=GBK", Buffer.from(gbkXml(envelope)));
    send(res, answer.fault ? 500 : 200, SOAP_TYPE, envelope);
  }

  async function changeBehaviour(req, res) {
    let change = null;
    try {
      change = JSON.parse((await readBody(req, MAX_BODY)) ?? "null");
    } catch {
      // answered below
    }
    const changed = changedBehaviour(registry.behaviour, change);
    if (!changed.ok) return sendJson(res, 400, { problem: changed.problem });
    registry.behaviour = changed.behaviour;
    sendJson(res, 200, registry.behaviour);
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://replica");
    if (url.pathname === "/_replica/health") return sendJson(res, 200, { ok: true });
    if (url.pathname === "/_replica/behaviour") return req.method === "PUT" ? changeBehaviour(req, res) : sendJson(res, 200, registry.behaviour);
    if (url.pathname === "/_replica/faults" && req.method === "POST")
      return sendJson(res, 201, { id: rules.add(JSON.parse((await readBody(req, MAX_BODY)) ?? "null")) });
    if (url.pathname === "/_replica/faults" && req.method === "DELETE") {
      rules.clear();
      return res.writeHead(204).end();
    }
    if (url.pathname === "/_replica/calls") return sendJson(res, 200, { calls: journal });
    const path = url.pathname.startsWith(`${SERVICES_PATH}/`) ? url.pathname.slice(SERVICES_PATH.length + 1) : "";
    const service = Object.hasOwn(WSDL_SERVICES, path) ? WSDL_SERVICES[path] : undefined;
    if (!service || req.method !== "POST") return send(res, 404, "text/plain", "no such service");
    return serve(req, res, service);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, SOAP_TYPE, writeFault(null, FAULT_TEXTS.internal));
      else res.destroy();
    });
  });
  const listening = await listen(server, port, host);
  return {
    ...listening,
    servicesUrl: `${listening.url}${SERVICES_PATH}`,
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
    account,
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
