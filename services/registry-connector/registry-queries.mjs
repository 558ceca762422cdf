/**
 * @module A subject's list and a registration's files, asked of the registry under the right `debttype`.
 * A subject is queried under every kind it may be (mappings.mjs: kindsOfSubject, DEBT_TYPES) and the
 * lists merged; one kind's failure fails the listing (all or nothing: a list is never missing a kind).
 * The kinds are asked one after the other: a listing holds one session at a time, as the Worker's slots
 * assume (so a listing may take as long as its kinds' calls together).
 * Each answer must be a shape we know: a zip holding exactly one XML file, a <feedback> list
 * (feedback.mjs); anything else is an error whose evidence (entries, elements, counts: never content) is
 * logged, never an empty list. The debttype that found a registration is remembered for its download.
 */
import { AnswerRefused } from "./bounds.mjs";
import { listingOfFeedback } from "./feedback.mjs";
import { DEBT_TYPES, outcomeOfRefusal, queriesForSubject } from "./mappings.mjs";
import { decodeXml } from "./xml-text.mjs";
import { readZip } from "./zip-read.mjs";

/** Registrations whose debttype is remembered (a listing's worth many times over; oldest forgotten first). */
const REMEMBERED = 20_000;

/** What a file name says in a log line: its extension only (a registry could name a file after a subject). */
const kindOfName = (name) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? "no extension";

/**
 * The registrations of one queryBySubject answer, or why it is not one we recognise: the zip read within
 * the bounds (bounds.mjs), its one XML file decoded by the encoding it states (xml-text.mjs).
 * @param {Uint8Array} bytes the answer's `<return>` bytes
 * @param {Partial<import("./bounds.mjs").Bounds>} [bounds]
 * @returns {{ok: true, registrations: object[]} | {ok: false, outcome: string, reason: string}}
 */
export function listingOfAnswer(bytes, bounds) {
  let entries;
  try {
    entries = readZip(bytes, bounds);
  } catch (error) {
    if (error instanceof AnswerRefused) return { ok: false, outcome: outcomeOfRefusal(error), reason: `the list's zip refused: ${error.reason}` };
    return { ok: false, outcome: "transient", reason: `an answer not recognised: not a zip (${bytes.length} bytes)` };
  }
  if (entries.length !== 1 || !/\.xml$/i.test(entries[0].name)) {
    const kinds = entries.map((e) => `.${kindOfName(e.name)}`).join(", ");
    return {
      ok: false,
      outcome: "transient",
      reason: `an answer not recognised: the zip holds ${entries.length} entries (${kinds || "none"}), not one XML file`,
    };
  }
  try {
    return listingOfFeedback(decodeXml(entries[0].bytes));
  } catch (error) {
    if (!(error instanceof AnswerRefused)) throw error;
    return { ok: false, outcome: outcomeOfRefusal(error), reason: `the list refused: ${error.reason}` };
  }
}

export class RegistryQueries {
  #debtTypes = new Map();

  /**
   * @param {{client: import("./registry-client.mjs").RegistryClient, table?: typeof DEBT_TYPES, log: (line: string, ...values: string[]) => void,
   *   bounds?: Partial<import("./bounds.mjs").Bounds>}} options
   */
  constructor({ client, table = DEBT_TYPES, log, bounds }) {
    this.client = client;
    this.table = table;
    this.log = log;
    this.bounds = bounds;
  }

  /**
   * The subject's whole list, merged over its kinds.
   * @returns {Promise<{ok: true, registrations: object[]} | {ok: false, outcome: string}>}
   */
  async listing(subject, requestId) {
    const queries = queriesForSubject(subject, this.table);
    if (queries.length === 0) {
      this.log(`listing ${requestId}: REGISTRY_DEBT_TYPES names no debttype for this kind of subject`);
      return { ok: false, outcome: "unavailable" };
    }
    const answers = [];
    for (const query of queries) {
      const answer = await this.#one(subject, query, requestId);
      if (!answer.ok) return answer;
      answers.push(answer);
    }
    const merged = new Map();
    answers.forEach((answer, i) => {
      for (const registration of answer.registrations) {
        if (merged.has(registration.certificateNumber)) continue;
        merged.set(registration.certificateNumber, registration);
        this.#remember(registration.certificateNumber, queries[i].debtType);
      }
    });
    if (queries.length > 1) this.log(`listing ${requestId}: ${answers.map((a, i) => `${queries[i].kind} ${a.registrations.length}`).join(", ")}`);
    return { ok: true, registrations: [...merged.values()] };
  }

  async #one(subject, query, requestId) {
    const answer = await this.client.queryBySubject(subject, query);
    if (!answer.ok) return answer;
    const parsed = listingOfAnswer(answer.bytes, this.bounds);
    // The subject goes with the line to the redactor: a reason that quotes the answer must not show it.
    if (!parsed.ok) this.log(`listing ${requestId} (debttype ${query.debtType}): ${parsed.reason} (${parsed.outcome})`, subject);
    return parsed;
  }

  #remember(certificateNumber, debtType) {
    this.#debtTypes.delete(certificateNumber);
    this.#debtTypes.set(certificateNumber, debtType);
    if (this.#debtTypes.size > REMEMBERED) this.#debtTypes.delete(this.#debtTypes.keys().next().value);
  }

  /**
   * A registration's files: asked under the debttype its listing found it with; when that is not known
   * (the connector restarted), under each of the subject's kinds until one has them.
   * @template T
   * @param {(bytes: Buffer) => T & ({ok: true} | {ok: false, outcome: string})} read the download zip's reading (files.mjs)
   * @returns {Promise<T | {ok: false, outcome: string}>}
   */
  async download(registerNo, subject, read) {
    const known = this.#debtTypes.get(registerNo);
    const debtTypes = known ? [known] : queriesForSubject(subject, this.table).map((q) => q.debtType);
    let last = { ok: false, outcome: "missing" };
    for (const debtType of debtTypes) {
      const answer = await this.client.download(registerNo, subject, { debtType });
      last = answer.ok ? read(answer.bytes) : answer;
      if (last.ok || last.outcome !== "missing") return last;
    }
    return last;
  }
}
