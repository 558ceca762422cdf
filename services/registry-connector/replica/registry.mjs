/**
 * @module The replica's registry: each operation's parameters decrypted with the replica's private key
 * by its own SM2 (sm2-decrypt.mjs; a parameter that does not decrypt is the registry's fault, and so is
 * a missing one), login tokens issued and checked as its behaviour says (behaviour.mjs: several sessions
 * or one per account, how a spent token is worded, refusals as text), and the sandbox's subjects and
 * documents answered as the registry's zips. Faults asked for (server.mjs) are played here, after the
 * subject is known.
 */
import { randomBytes } from "node:crypto";
import { errorZip, FAULT_TEXTS, listingZip } from "./answers.mjs";
import { DEFAULT_BEHAVIOUR, kindOfSubject } from "./behaviour.mjs";
import { decryptParameter } from "./sm2-decrypt.mjs";
import { bombEntry, echoTokenFault, hugeReturn } from "./hostile.mjs";
import { writeZip } from "./zip-write.mjs";

/** What each sandbox failure is, in the registry's words. */
const FAULT_OF_KIND = {
  unavailable: FAULT_TEXTS.unavailable,
  busy: FAULT_TEXTS.busy,
  quarantined: FAULT_TEXTS.quarantined,
  transient: FAULT_TEXTS.internal,
};
/** Faults on request that stand for the registry's own answers. */
const REQUESTED_FAULTS = {
  fault: FAULT_TEXTS.undeclared,
  busy: FAULT_TEXTS.busy,
  unavailable: FAULT_TEXTS.unavailable,
  quarantined: FAULT_TEXTS.quarantined,
};
/** The login token's ciphertext and the auth code's are the same bytes on every call: decrypted once. */
const DECRYPTED_KEPT = 256;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class ReplicaRegistry {
  #tokens = new Map();
  #listingCalls = new Map();
  #decrypted = new Map();

  /**
   * @param {{sandbox: object, keys: {privateKey: string}, account: {userName: string, password: string, platformAuthCode: string},
   *   behaviour?: typeof DEFAULT_BEHAVIOUR}} options
   */
  constructor(options) {
    this.options = options;
    this.behaviour = options.behaviour ?? DEFAULT_BEHAVIOUR;
  }

  #decrypt(bytes) {
    const key = Buffer.from(bytes).toString("latin1");
    if (this.#decrypted.has(key)) return this.#decrypted.get(key);
    const value = decryptParameter(bytes, this.options.keys.privateKey);
    this.#decrypted.set(key, value);
    if (this.#decrypted.size > DECRYPTED_KEPT) this.#decrypted.delete(this.#decrypted.keys().next().value);
    return value;
  }

  /**
   * @param {{operation: string, sequence: string[]}} service
   * @param {Map<string, Buffer>} encrypted
   * @param {(subject: string | null) => Map<string, string>} faultFor the fault asked for this call
   * @returns {Promise<({bytes: Uint8Array} | {fault: string}) & {values?: Record<string, string>, envelope?: "gbk"}>} values: the
   *   parameters decrypted (the journal's debttype); envelope: how to encode the SOAP envelope (gbk-envelope), else UTF-8
   */
  async answer(service, encrypted, faultFor) {
    const values = {};
    for (const name of service.sequence) {
      const bytes = encrypted.get(name);
      const value = bytes ? this.#decrypt(bytes) : null;
      if (value === null) return { fault: FAULT_TEXTS.cannotDecrypt };
      values[name] = value;
    }
    const fault = faultFor(values.nameorno ?? null);
    const answered = { ...(await this.#answer(service, values, fault)), values };
    return fault.has("gbk-envelope") ? { ...answered, envelope: "gbk" } : answered;
  }

  async #answer(service, values, fault) {
    if (fault.has("wrong-key")) return { fault: FAULT_TEXTS.cannotDecrypt };
    if (fault.has("slow")) await sleep(Number(fault.get("slow")) || 1000);
    if (service.operation === "login") return this.#login(values, fault);
    const { account } = this.options;
    const behaviour = this.behaviour;
    if (values.platformAuthCode !== account.platformAuthCode) return { fault: FAULT_TEXTS.loginRefused };
    const issued = this.#tokens.get(values.loginToken);
    if (!issued || Date.now() - issued > behaviour.tokenTtlMs || behaviour.tokens === "spent-at-once" || fault.has("expired-token")) {
      this.#tokens.delete(values.loginToken);
      return { fault: behaviour.expiryText };
    }
    const requested = Object.keys(REQUESTED_FAULTS).find((name) => fault.has(name));
    if (requested) return { fault: REQUESTED_FAULTS[requested] };
    if (fault.has("error-zip")) return { bytes: errorZip(FAULT_TEXTS.unavailable) };
    const hostile = await this.#hostile(service, values, fault);
    if (hostile) return hostile;
    const kind = Object.entries(behaviour.codes).find(([, code]) => code === values.debttype)?.[0];
    if (!kind) return { fault: FAULT_TEXTS.unknownDebtType };
    // By kind, a subject is filed under one kind only: another kind's code finds nothing.
    const filedHere = behaviour.debtTypes === "any" || kindOfSubject(values.nameorno) === kind;
    return service.operation === "queryBySubject"
      ? this.#listing(values.nameorno, fault, filedHere)
      : filedHere
        ? this.#download(values.nameorno, values.registerNo, fault)
        : { bytes: errorZip(FAULT_TEXTS.missingCertificate) };
  }

  /** The hostile answers of replica/hostile.mjs that replace the registry's own. */
  async #hostile(service, values, fault) {
    if (fault.has("echo-token")) return { fault: echoTokenFault(values.loginToken) };
    if (fault.has("huge-answer")) return { bytes: hugeReturn(fault.get("huge-answer")) };
    if (!fault.has("zip-bomb")) return null;
    const name = service.operation === "queryBySubject" ? "queryresult.xml" : `${values.registerNo}.pdf`;
    return { bytes: writeZip([{ name, ...(await bombEntry()) }]) };
  }

  #login({ userName, userPassword, platformAuthCode }, fault) {
    const { account } = this.options;
    const refused =
      fault.has("refuse-login") ||
      this.behaviour.login === "refused-as-text" ||
      userName !== account.userName ||
      userPassword !== account.password ||
      platformAuthCode !== account.platformAuthCode;
    if (refused && this.behaviour.login === "refused-as-text") return { bytes: Buffer.from(FAULT_TEXTS.loginRefused, "utf8") };
    if (refused) return { fault: FAULT_TEXTS.loginRefused };
    // One session per account: a login spends every token the account held.
    if (this.behaviour.sessions === "one-per-account") this.#tokens.clear();
    const token = randomBytes(16).toString("hex");
    this.#tokens.set(token, Date.now());
    return { bytes: Buffer.from(token, "utf8") };
  }

  async #listing(subject, fault, filedHere) {
    // The sandbox's 排队 subjects are busy on their first attempts: the replica counts a subject's calls.
    const attempt = (this.#listingCalls.get(subject) ?? 0) + 1;
    this.#listingCalls.set(subject, attempt);
    if (!filedHere) return { bytes: listingZip([]) };
    const listed = await this.options.sandbox.listRegistrations(subject, { attempt });
    if (!listed.ok) return { fault: FAULT_OF_KIND[listed.kind] ?? FAULT_TEXTS.internal };
    if (listed.sourceStatus === "quarantined") return { fault: FAULT_TEXTS.quarantined };
    return {
      bytes: listingZip(listed.registrations, {
        truncate: fault.has("truncate"),
        shape: this.behaviour.listing,
        cap: this.behaviour.listingCap,
        gbk: fault.has("gbk-xml"),
        badCrc: fault.has("bad-crc"),
      }),
    };
  }

  /** The registration's zip: `<registerNo>.pdf` (when the registry has it) and its attachments, GBK names. */
  async #download(subject, registerNo, fault) {
    const sandbox = this.options.sandbox;
    const ref = { subjectName: subject, certificateNumber: registerNo };
    const ctx = { attempt: 1 };
    const certificate = await sandbox.fetchCertificate(ref, ctx);
    if (!certificate.ok && certificate.kind !== "missing") return { fault: FAULT_OF_KIND[certificate.kind] ?? FAULT_TEXTS.internal };
    const listed = await sandbox.listAttachments(ref, ctx);
    if (!listed.ok && listed.kind !== "missing") return { fault: FAULT_OF_KIND[listed.kind] ?? FAULT_TEXTS.internal };
    const files = certificate.ok ? [{ name: `${registerNo}.pdf`, bytes: certificate.body }] : [];
    for (const attachment of listed.ok ? listed.attachments : []) {
      const got = await sandbox.fetchAttachment(ref, attachment.fileName, ctx);
      if (got.ok) files.push({ name: attachment.fileName, bytes: got.body });
    }
    return files.length > 0 ? { bytes: writeZip(files, { badCrc: fault.has("bad-crc") }) } : { bytes: errorZip(FAULT_TEXTS.missingCertificate) };
  }
}
