/**
 * @module The first day's probe (`npm run connector:probe -- "<subject>"`, or `node probe.mjs "<subject>"`
 * in the connector's image): asks the configured registry, read-only, what nobody has told us and prints
 * what it learned (docs/registry-connector.md, "Unknowns"): TLS and the certificate chain, each call's
 * latency, whether a second login spends the first token, what the login answers, what each debttype of
 * the subject's kinds answers and in which shapes and encodings, one download's zip, and which settings to
 * change. It makes two logins, one listing of the named subject under each of its debttypes and one
 * download; it never prints a credential or a token.
 */
import { connect } from "node:tls";
import { DEBT_TYPES, outcomeOfFault, queriesForSubject } from "./mappings.mjs";
import { describeText, isTokenShaped } from "./registry-client.mjs";
import { listingOfAnswer } from "./registry-queries.mjs";
import { SERVICES } from "./services.mjs";
import { encryptParameter } from "./sm2-parameter.mjs";
import { readSoapAnswer, soapRequest } from "./soap.mjs";
import { readZip } from "./zip-read.mjs";

/** A probe answer larger than this is not read further (the probe is not the place to find a bound). */
const MAX_ANSWER = 64 * 1024 * 1024;
const CENTRAL_FILE_HEADER = 0x02014b50;
const UTF8_FLAG = 0x0800;

/** The TLS session's facts: protocol, whether Node trusts the chain, and the chain itself. */
function tlsFacts(url, timeoutMs) {
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port || 443), servername: url.hostname, rejectUnauthorized: false });
    const timer = setTimeout(() => (socket.destroy(), resolve({ error: `no TLS handshake in ${timeoutMs} ms` })), timeoutMs);
    socket.once("error", (error) => (clearTimeout(timer), resolve({ error: error.code ?? error.message })));
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      const chain = [];
      for (
        let cert = socket.getPeerCertificate(true), seen = new Set();
        cert?.subject && !seen.has(cert.fingerprint256);
        cert = cert.issuerCertificate
      ) {
        seen.add(cert.fingerprint256);
        chain.push({ subject: cert.subject.CN ?? cert.subject.O ?? "?", issuer: cert.issuer?.CN ?? cert.issuer?.O ?? "?", validTo: cert.valid_to });
      }
      resolve({ protocol: socket.getProtocol(), trusted: socket.authorized, problem: socket.authorizationError?.toString() ?? null, chain });
      socket.end();
    });
  });
}

/** Each zip entry's name encoding (the UTF-8 flag, else GBK as the registry writes them) and extension. */
function zipEntries(bytes) {
  const view = Buffer.from(bytes);
  const entries = [];
  for (let at = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0 && at + 46 <= view.length;) {
    if (view.readUInt32LE(at) !== CENTRAL_FILE_HEADER) break;
    const nameLength = view.readUInt16LE(at + 28);
    const name = view.subarray(at + 46, at + 46 + nameLength);
    entries.push({
      extension: /\.([A-Za-z0-9]{1,8})$/.exec(name.toString("latin1"))?.[1]?.toLowerCase() ?? "none",
      names: view.readUInt16LE(at + 8) & UTF8_FLAG ? "UTF-8" : name.every((b) => b < 0x80) ? "ASCII" : "GBK",
    });
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return entries;
}

/** What an XML file's bytes say of their encoding: the declaration's, and whether they are valid UTF-8. */
function xmlEncoding(bytes) {
  const head = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const declared = /^\uFEFF?<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(head.replace(/^\xEF\xBB\xBF/, ""))?.[1] ?? "none declared";
  let utf8 = true;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
  }
  return `XML encoding ${declared}, ${utf8 ? "valid" : "NOT valid"} UTF-8`;
}

/**
 * Runs the probe.
 * @param {{baseUrl: string, publicKey: string, account: {userName: string, password: string, platformAuthCode: string},
 *   timeoutMs: number, query?: typeof DEBT_TYPES, sessions?: number}} settings the connector's (settings.mjs)
 * @param {string} subject the subject the operator names
 * @param {{write?: (line: string) => void, registerNo?: string}} [options]
 */
export async function runProbe(settings, subject, { write = (line) => console.log(line), registerNo } = {}) {
  const { account, publicKey, timeoutMs } = settings;
  const secrets = [account.password, account.platformAuthCode, account.userName].filter((s) => s && s.length >= 4);
  const tokens = [];
  const say = (topic, text) => {
    let line = `${topic.padEnd(9)} ${text}`;
    for (const secret of [...secrets, ...tokens]) line = line.split(secret).join("[…]");
    write(line);
  };
  const report = { tls: null, logins: [], sessions: "unknown", listings: [], download: null, slowestMs: 0, advice: [] };
  const advise = (text) => report.advice.push(text);
  const base = settings.baseUrl.replace(/\/+$/, "");
  const encrypt = (value) => encryptParameter(value, publicKey);

  /** One SOAP call: its latency and what it answered (bytes, a fault's text, or a failure). */
  async function call(service, values) {
    const started = Date.now();
    const body = soapRequest(
      service.namespace,
      service.operation,
      service.parameters.map((name, i) => [name, encrypt(values[i])]),
    );
    try {
      const response = await fetch(`${base}/${service.path}`, {
        method: "POST",
        headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const length = Number(response.headers.get("content-length") ?? 0);
      if (length > MAX_ANSWER) return { ms: Date.now() - started, failure: `an answer of ${length} bytes, not read` };
      const xml = await response.text();
      const ms = Date.now() - started;
      report.slowestMs = Math.max(report.slowestMs, ms);
      const answer = readSoapAnswer(xml, service.operation);
      if (answer.kind === "return") return { ms, bytes: answer.bytes };
      if (answer.kind === "fault") return { ms, fault: answer.message, outcome: outcomeOfFault(answer.message) };
      return { ms, failure: `HTTP ${response.status}, not a SOAP answer (${response.headers.get("content-type") ?? "no type"})` };
    } catch (error) {
      return {
        ms: Date.now() - started,
        failure: error?.name === "TimeoutError" ? `no answer in ${timeoutMs} ms` : `connection failed (${error?.cause?.code ?? error?.name})`,
      };
    }
  }
  const told = (answer) => (answer.fault !== undefined ? `a fault "${answer.fault}" (the table reads: ${answer.outcome})` : answer.failure);

  say("probe", `${base} (read-only: two logins, one listing of the subject under each of its debttypes, one download)`);
  const url = new URL(base);
  if (url.protocol === "https:") {
    report.tls = await tlsFacts(url, timeoutMs);
    if (report.tls.error) say("TLS", `no TLS session: ${report.tls.error}`);
    else {
      say("TLS", `${report.tls.protocol}; the chain is ${report.tls.trusted ? "trusted by this host" : `NOT trusted here (${report.tls.problem})`}`);
      for (const cert of report.tls.chain) say("", `  ${cert.subject} (issued by ${cert.issuer}, valid to ${cert.validTo})`);
      if (!report.tls.trusted)
        advise(`NODE_EXTRA_CA_CERTS: the registry's chain is not trusted (${report.tls.problem}); add its CA (the image's environment)`);
    }
  } else {
    report.tls = { plain: true };
    say("TLS", "plain HTTP: no TLS (a replica, or a proxy in front of the registry)");
  }

  const login = async (n) => {
    const answer = await call(SERVICES.login, [account.userName, account.password, account.platformAuthCode]);
    const text = answer.bytes ? answer.bytes.toString("utf8").trim() : null;
    const token = text !== null && isTokenShaped(text) ? text : null;
    if (token) tokens.push(token);
    const shape = token ? `a token (${token.length} characters of ${/^[0-9a-f]+$/i.test(token) ? "hex" : "token characters"})` : null;
    report.logins.push({ ms: answer.ms, token: Boolean(token) });
    say(
      "login",
      `#${n} in ${answer.ms} ms: ${shape ?? (text !== null ? `text that is not a token (${describeText(text)}): the connector treats it as a refused login` : told(answer))}`,
    );
    return token;
  };
  const first = await login(1);
  if (!first) {
    advise("REGISTRY_USER, REGISTRY_PASSWORD, REGISTRY_AUTH_CODE (or REGISTRY_PUBLIC_KEY, REGISTRY_QUERY_URL): the login gave no token");
    for (const line of report.advice) say("settings", line);
    return report;
  }
  const second = await login(2);

  const queries = queriesForSubject(subject, settings.query ?? DEBT_TYPES);
  const listingWith = (token, query) =>
    call(SERVICES.queryBySubject, [account.platformAuthCode, token, query.debtType, subject, query.confirm]).then((answer) => ({ ...answer, query }));
  // Sessions: the first token used after the second login. Still working: several sessions; spent, while the second works: one.
  let firstListing = await listingWith(first, queries[0]);
  if (second && firstListing.bytes) {
    report.sessions = "several";
    say("sessions", "the first token still worked after a second login: the account keeps several sessions");
  } else if (second && firstListing.fault !== undefined) {
    const retried = await listingWith(second, queries[0]);
    report.sessions = retried.bytes ? "one" : "unknown";
    say(
      "sessions",
      retried.bytes
        ? `the first token, used after a second login, answered ${told(firstListing)}; the second token works: a login spends the account's other tokens (one session per account)`
        : `both tokens answered faults (${told(firstListing)}; ${told(retried)}): the session behaviour is not known`,
    );
    if (retried.bytes)
      advise(
        "CONNECTOR_SESSIONS=1 and the Worker's UPSTREAM_SLOTS=1: the registry keeps one session per account (the connector learns this too, after failed calls)",
      );
    if (retried.bytes && firstListing.outcome !== "relogin")
      advise(
        `FAULT_OUTCOMES (mappings.mjs): a spent token reads "${firstListing.fault}", which the table maps to ${firstListing.outcome}, not relogin`,
      );
    firstListing = retried;
  }

  const listings = [firstListing];
  for (const query of queries.slice(1)) listings.push(await listingWith(second ?? first, query));
  let found = null;
  for (const answer of listings) {
    const { kind, debtType } = answer.query;
    const entry = { kind, debtType, ms: answer.ms, recognised: false, count: null };
    report.listings.push(entry);
    if (!answer.bytes) {
      say("listing", `debttype ${debtType} (${kind}) in ${answer.ms} ms: ${told(answer)}`);
      advise(
        `REGISTRY_DEBT_TYPES: debttype ${debtType} (${kind}) answered no list; set ${kind}=<the registry's code>, or ${kind}= to stop asking that kind`,
      );
      continue;
    }
    const entries = zipEntries(answer.bytes);
    const parsed = listingOfAnswer(answer.bytes);
    const shape = `a zip of ${entries.length} entr${entries.length === 1 ? "y" : "ies"} (${entries.map((e) => `.${e.extension}, names ${e.names}`).join("; ") || "none"})`;
    let xmlNote = "";
    try {
      const files = readZip(answer.bytes);
      if (files.length === 1) xmlNote = `, ${xmlEncoding(files[0].bytes)}`;
    } catch {
      xmlNote = ", not readable as a zip";
    }
    entry.recognised = parsed.ok;
    entry.count = parsed.ok ? parsed.registrations.length : null;
    say(
      "listing",
      `debttype ${debtType} (${kind}) in ${answer.ms} ms: ${shape}${xmlNote}: ${parsed.ok ? `recognised, ${parsed.registrations.length} registration(s)` : `NOT recognised: ${parsed.reason}`}`,
    );
    if (!parsed.ok)
      advise(
        `feedback.mjs / registry-queries.mjs: the list under debttype ${debtType} is a shape the connector does not recognise (${parsed.reason})`,
      );
    if (parsed.ok && parsed.registrations.length > 0 && !found)
      found = { registerNo: parsed.registrations[0].certificateNumber, query: answer.query };
  }
  const counts = report.listings.filter((l) => l.recognised).map((l) => l.count);
  if (counts.length > 1 && new Set(counts).size === 1 && counts[0] > 0)
    say("debttype", "every kind answered the same number of registrations: the registry may not search by kind (the lists are merged either way)");

  const download = registerNo ? { registerNo, query: found?.query ?? queries[0] } : found;
  if (!download) say("download", "skipped: no registration listed (name one with --register)");
  else {
    const answer = await call(SERVICES.download, [account.platformAuthCode, second ?? first, download.registerNo, download.query.debtType, subject]);
    if (!answer.bytes) say("download", `${download.registerNo} in ${answer.ms} ms: ${told(answer)}`);
    else {
      const entries = zipEntries(answer.bytes);
      const kinds = new Map();
      for (const e of entries) kinds.set(`.${e.extension}, names ${e.names}`, (kinds.get(`.${e.extension}, names ${e.names}`) ?? 0) + 1);
      const by = [...kinds].map(([k, n]) => `${n} × ${k}`);
      report.download = { ms: answer.ms, entries: entries.length, certificate: entries.some((e) => e.extension === "pdf") };
      say(
        "download",
        `${download.registerNo} in ${answer.ms} ms: a zip of ${answer.bytes.length} bytes, ${entries.length} entr${entries.length === 1 ? "y" : "ies"} (${by.join("; ") || "none"})`,
      );
    }
  }
  if (report.slowestMs > timeoutMs / 2)
    advise(`REGISTRY_TIMEOUT_MS (${timeoutMs}): the slowest call took ${report.slowestMs} ms; raise it, and the Worker's listing timeout above it`);
  if (report.sessions === "several" && (settings.sessions ?? 1) === 1)
    advise("CONNECTOR_SESSIONS may be the Worker's UPSTREAM_SLOTS: the account keeps several sessions");
  say("latency", `slowest call ${report.slowestMs} ms (REGISTRY_TIMEOUT_MS ${timeoutMs})`);
  if (report.advice.length === 0) say("settings", "nothing to change");
  for (const line of report.advice) say("settings", line);
  return report;
}
