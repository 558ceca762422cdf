/**
 * @module The direct-connect client: SOAP calls to the registry's query services with every parameter
 * SM2-encrypted (sm2-parameter.mjs), through a pool of logged-in sessions (sessions.mjs). Any fault on
 * a token-bearing call is answered by one new login and one repeat of the call (the token may be spent). Every failure comes back as an outcome of
 * mappings.mjs, never thrown; log lines name the operation and the outcome, never a parameter.
 */
import { readBoundedBody } from "./answer-body.mjs";
import { AnswerRefused, DEFAULT_BOUNDS } from "./bounds.mjs";
import { outcomeOfFault, outcomeOfRefusal } from "./mappings.mjs";
import { PERSONAL_PARAMETERS, SERVICES } from "./services.mjs";
import { SessionPool } from "./sessions.mjs";
import { encryptParameter } from "./sm2-parameter.mjs";
import { readSoapAnswer, soapRequest } from "./soap.mjs";
import { charsetOf, decodeXml } from "./xml-text.mjs";

/**
 * @typedef {{ok: true, bytes: Buffer} | {ok: false, outcome: string, fault?: boolean}} CallResult
 * @typedef {{userName: string, password: string, platformAuthCode: string}} Account
 */

export class RegistryClient {
  /**
   * @param {{baseUrl: string, account: Account, publicKey: string, sessions: number, timeoutMs: number,
   *   waitForSessionMs?: number, refusedCooldownMs?: number, loginBackoffMs?: number, maxAnswerBytes?: number,
   *   log: (line: string, ...values: string[]) => void, redactor?: import("./redactor.mjs").Redactor}} options
   */
  constructor(options) {
    this.options = options;
    this.base = options.baseUrl.replace(/\/+$/, "");
    this.pool = new SessionPool({
      size: options.sessions,
      login: () => this.#login(),
      waitMs: options.waitForSessionMs ?? 10_000,
      refusedCooldownMs: options.refusedCooldownMs ?? 60_000,
      backoffMs: options.loginBackoffMs ?? 5_000,
      log: options.log,
    });
  }

  /** The zip of a subject's list (queryBySubject). */
  queryBySubject(subject, { debtType, confirm }) {
    return this.#call(SERVICES.queryBySubject, [debtType, subject, confirm]);
  }

  /** The zip of a registration's certificate and attachments (queryDownLoadFileByNum). */
  download(registerNo, subject, { debtType }) {
    return this.#call(SERVICES.download, [registerNo, debtType, subject]);
  }

  /**
   * One token-bearing call. Any fault may be a spent token in words the table does not know (会话已超时):
   * one new login and one repeat, then the fault stands. The repeat tells the pool what the registry is
   * like: cured after a later login of ours (one session per account), or failing at once with a fresh
   * token (back off the next logins).
   * @returns {Promise<CallResult>}
   */
  async #call(service, values) {
    const lease = await this.pool.acquire();
    if (!lease.ok) return lease;
    let session = lease.session;
    try {
      const encrypted = values.map((v) => this.#encrypt(v));
      const call = (s) => this.#post(service, [s.authCodeCipher, s.tokenCipher, ...encrypted], values);
      const first = await call(session);
      if (first.ok) this.pool.succeeded(session);
      if (first.ok || !first.fault) return first;
      const renewed = await this.pool.renew();
      if (!renewed.ok) {
        if (renewed.outcome === "backoff") return first;
        this.pool.discard();
        session = null;
        return renewed;
      }
      this.options.log(`registry ${service.operation}: a fault (${first.outcome}) with a session: logged in again, repeating once`);
      const spent = session;
      session = renewed.session;
      const second = await call(session);
      if (second.ok) {
        this.pool.succeeded(session);
        this.pool.cured(spent);
      } else if (second.fault && MAYBE_SPENT.has(second.outcome)) this.pool.spentAtOnce();
      return second;
    } finally {
      if (session) this.pool.release(session);
    }
  }

  async #login() {
    const { userName, password, platformAuthCode } = this.options.account;
    const values = [userName, password, platformAuthCode];
    const answer = await this.#post(
      SERVICES.login,
      values.map((v) => this.#encrypt(v)),
      values,
    );
    if (!answer.ok) {
      // Whatever the login's fault says, a login that is refused is the account's problem (the table's relogin texts included).
      const outcome = answer.outcome === "relogin" ? "refused" : answer.outcome;
      if (outcome === "refused") this.options.log("registry login refused: check REGISTRY_USER, REGISTRY_PASSWORD and REGISTRY_AUTH_CODE");
      return { ok: false, outcome };
    }
    // The login WSDL declares no fault: a refusal may come back as text in <return>. Only a token-shaped answer is a token.
    const token = answer.bytes.toString("utf8").trim();
    if (!isTokenShaped(token)) {
      this.options.log(
        `registry login refused: its answer is not a login token (${describeText(token)}); the login is the problem: check REGISTRY_USER, REGISTRY_PASSWORD and REGISTRY_AUTH_CODE`,
      );
      return { ok: false, outcome: "refused" };
    }
    this.options.redactor?.remember(token);
    this.options.log("registry login: new session");
    return { ok: true, session: { tokenCipher: this.#encrypt(token), authCodeCipher: this.#encrypt(platformAuthCode) } };
  }

  #encrypt(value) {
    return encryptParameter(value, this.options.publicKey);
  }

  /**
   * One SOAP exchange; every failure as an outcome. The call's personal values (its subject) go with
   * each log line to the redactor (redactor.mjs), which blanks them and every known secret out of it:
   * a registry fault may echo a subject, a credential or the login token.
   * @returns {Promise<CallResult>}
   */
  async #post(service, cipherValues, plainValues) {
    const body = soapRequest(
      service.namespace,
      service.operation,
      service.parameters.map((name, i) => [name, cipherValues[i]]),
    );
    const started = Date.now();
    let response;
    let xml;
    try {
      response = await fetch(`${this.base}/${service.path}`, {
        method: "POST",
        headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: '""' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const bytes = await readBoundedBody(response, this.options.maxAnswerBytes ?? DEFAULT_BOUNDS.maxAnswerBytes);
      xml = decodeXml(bytes, charsetOf(response.headers.get("content-type")));
    } catch (error) {
      if (error instanceof AnswerRefused) {
        const outcome = outcomeOfRefusal(error);
        this.options.log(`registry ${service.operation}: answer refused (${outcome}): ${error.reason}`);
        return { ok: false, outcome };
      }
      const timedOut = error?.name === "TimeoutError" || error?.name === "AbortError";
      this.options.log(`registry ${service.operation}: ${timedOut ? `timed out after ${this.options.timeoutMs} ms` : "connection failed"}`);
      return { ok: false, outcome: timedOut ? "slow" : "transient" };
    }
    const answer = readSoapAnswer(xml, service.operation);
    const ms = Date.now() - started;
    if (answer.kind === "return") return { ok: true, bytes: answer.bytes };
    if (answer.kind === "fault") {
      const outcome = outcomeOfFault(answer.message);
      this.options.log(
        `registry ${service.operation}: fault (${outcome}) after ${ms} ms: ${answer.message}`,
        ...personalValues(service, plainValues),
      );
      if (outcome === "misconfigured") this.options.log("the registry could not decrypt the parameters: check REGISTRY_PUBLIC_KEY");
      return { ok: false, outcome, fault: true };
    }
    this.options.log(`registry ${service.operation}: HTTP ${response.status}, not a SOAP answer, after ${ms} ms`);
    return { ok: false, outcome: "transient" };
  }
}

/** The values of a call's personal parameters (PERSONAL_PARAMETERS), read from the end: a data call's first two are the auth code and token. */
function personalValues(service, plainValues) {
  const offset = service.parameters.length - plainValues.length;
  return service.parameters.flatMap((name, i) => (PERSONAL_PARAMETERS.has(name) && i >= offset ? [plainValues[i - offset]] : []));
}

/** Outcomes a fresh token's repeat may fail with when the token, not the question, is the problem. */
const MAYBE_SPENT = new Set(["relogin", "transient"]);

/**
 * A login token as far as we can tell without having seen one: 8 to 4096 characters of the kinds tokens
 * are written in (hex, base64, UUID, JWT), a digit among them. Text (用户名或密码错误), XML, "false" are not.
 */
export function isTokenShaped(text) {
  return /^[A-Za-z0-9._~+/=-]{8,4096}$/.test(text) && /\d/.test(text);
}

/**
 * What a login answered instead of a token, for the log (whose redactor blanks the credentials): its
 * length, and its words when it holds Chinese (a message such as 用户名或密码错误). Other text could be
 * an odd token: never shown.
 */
export function describeText(text) {
  if (!text) return "empty";
  return /[\u4e00-\u9fff]/.test(text) ? `${text.length} characters: "${text.slice(0, 60)}"` : `${text.length} characters`;
}
