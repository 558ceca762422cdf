/**
 * @module The one redactor every connector log line passes (docs/registry-connector.md, "Logs"). It
 * knows by value what must never be written: the configured credentials and bearer token, every login
 * token the registry handed out (remembered as sessions log in), and the values of the call a line is
 * about (its subject: personal data). A registry fault that echoes any of them (a token in an error
 * text, a subject in a "not found") is written with the value blanked out.
 */

/** A value this short would blank out ordinary words of a line; a secret is never this short. */
const MIN_SECRET_LENGTH = 4;
/** A subject is a name: two characters at least (a Chinese company name); one character is not worth blanking. */
const MIN_VALUE_LENGTH = 2;
/** Login tokens remembered: far more than the sessions live at once, so a token is forgotten only long after it is spent. */
const REMEMBERED_TOKENS = 256;
const MARK = "[redacted]";

export class Redactor {
  #fixed;
  #tokens = new Set();

  /** @param {{account: {userName: string, password: string, platformAuthCode: string}, token: string}} settings */
  constructor(settings) {
    const { userName, password, platformAuthCode } = settings.account;
    this.#fixed = [password, platformAuthCode, userName, settings.token].filter((s) => typeof s === "string" && s.length >= MIN_SECRET_LENGTH);
  }

  /** A secret learned at run time (a login token): blanked out of every later line. */
  remember(secret) {
    if (typeof secret !== "string" || secret.length < MIN_SECRET_LENGTH) return;
    this.#tokens.delete(secret);
    this.#tokens.add(secret);
    if (this.#tokens.size > REMEMBERED_TOKENS) this.#tokens.delete(this.#tokens.values().next().value);
  }

  /** `text` with every known secret and each of `values` blanked out, longest first (one may contain another). */
  redact(text, values = []) {
    const known = [...this.#fixed, ...this.#tokens, ...values.filter((v) => typeof v === "string" && v.length >= MIN_VALUE_LENGTH)];
    let out = String(text);
    for (const secret of known.sort((a, b) => b.length - a.length)) out = out.split(secret).join(MARK);
    return out;
  }

  /**
   * The connector's log function: `log(line, ...values)` writes the line, redacted, with a timestamp;
   * `values` are the call's own (its subject) that the line must not show.
   */
  logger(write = (line) => console.log(line)) {
    return (line, ...values) => write(`${new Date().toISOString()} ${this.redact(line, values)}`);
  }
}
