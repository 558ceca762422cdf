/**
 * @module The registry's XML answers (certain, from QueryBySubjectRspApiModel and FeedbackRspApiModel):
 *   <feedback><totalrows/><data><results><businesstype/><rows/><spnametitle/><result>…</result>…</results>…</data></feedback>
 * with each <result> holding registerno, registertime (yyyy-MM-dd HH:mm:ss, UTC+8), registerexpiredate
 * (yyyy-MM-dd), registertype and spname; and an error answer as <feedback> with <errors><error>…
 * (inferred: the registration feedback's shape, which the client also parses download errors with).
 *
 * The list becomes the gateway contract's registrations. It is all or nothing: a list whose counts
 * disagree is cut short (TRUNCATED_LIST_OUTCOME), never served as the part we got.
 */
import { XMLParser } from "fast-xml-parser";
import { isRegisterNo } from "./door.mjs";
import { REGISTER_TYPE_CODES, TRUNCATED_LIST_OUTCOME, outcomeOfFault } from "./mappings.mjs";

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => name === "results" || name === "result" || name === "error",
});

const REGISTRY_OFFSET = "+08:00";
const text = (value) => (typeof value === "string" ? value.trim() : "");
const count = (value) => (/^\d+$/.test(text(value)) ? Number(text(value)) : null);

/** "yyyy-MM-dd HH:mm:ss" (registry time) as ISO 8601 with its offset; null when it is not that. */
export function isoRegisterTime(value) {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(text(value));
  return m && !Number.isNaN(Date.parse(`${m[1]}T${m[2]}${REGISTRY_OFFSET}`)) ? `${m[1]}T${m[2]}${REGISTRY_OFFSET}` : null;
}

function isoDate(value) {
  const m = /^\d{4}-\d{2}-\d{2}$/.exec(text(value));
  return m && !Number.isNaN(Date.parse(m[0])) ? m[0] : null;
}

/**
 * One <result> as a contract registration: fields that fail their own check are left out, their raw
 * text kept in the summary; the registry's other facts (business type, secured party) go in the summary.
 */
function registrationOf(result, group) {
  const registerTypeCode = text(result.registertype);
  const registration = { certificateNumber: text(result.registerno) };
  const registerType = REGISTER_TYPE_CODES[registerTypeCode];
  const registerTime = isoRegisterTime(result.registertime);
  const expiresAt = isoDate(result.registerexpiredate);
  if (registerType) registration.registerType = registerType;
  if (registerTime) registration.registerTime = registerTime;
  if (expiresAt) registration.expiresAt = expiresAt;
  const summary = {
    businessTypeCode: text(group.businesstype),
    registerTypeCode,
    securedParty: text(result.spname),
    securedPartyTitle: text(group.spnametitle),
  };
  if (!registerTime && text(result.registertime)) summary.registerTimeAsGiven = text(result.registertime);
  if (!expiresAt && text(result.registerexpiredate)) summary.expiresAtAsGiven = text(result.registerexpiredate);
  registration.summary = Object.fromEntries(Object.entries(summary).filter(([, v]) => v !== ""));
  return registration;
}

/** The error texts of an error answer, or null when the XML is not one. */
export function errorsOf(feedback) {
  const errors = feedback?.errors;
  if (!errors) return null;
  const list = Array.isArray(errors) ? errors : [errors];
  const texts = list.flatMap((e) => (typeof e === "string" ? [e] : (e?.error ?? []).map(text))).filter(Boolean);
  return texts.length > 0 ? texts : null;
}

/**
 * @param {string} xml the one XML file of queryBySubject's zip
 * @returns {{ok: true, registrations: object[]} | {ok: false, outcome: string, reason: string}}
 */
export function listingOfFeedback(xml) {
  let feedback;
  try {
    feedback = parser.parse(xml)?.feedback;
  } catch {
    return { ok: false, outcome: "transient", reason: "the list is not XML" };
  }
  if (!feedback || typeof feedback !== "object") return { ok: false, outcome: "transient", reason: "no <feedback>" };
  const errors = errorsOf(feedback);
  if (errors) return { ok: false, outcome: outcomeOfFault(errors.join("; ")), reason: "an error answer" };
  const total = count(feedback.totalrows);
  const groups = typeof feedback.data === "object" && feedback.data !== null ? (feedback.data.results ?? []) : [];
  if (total === null) return { ok: false, outcome: "transient", reason: "no totalrows" };
  let listed = 0;
  const registrations = [];
  const seen = new Set();
  for (const group of groups) {
    const items = group.result ?? [];
    if (count(group.rows) !== items.length)
      return { ok: false, outcome: TRUNCATED_LIST_OUTCOME, reason: "a business type's rows and results disagree" };
    listed += items.length;
    for (const item of items) {
      const registration = registrationOf(item, group);
      // The door's shape (door.mjs): a number listed here is one whose files the connector will fetch.
      if (!isRegisterNo(registration.certificateNumber))
        return { ok: false, outcome: "transient", reason: "a result without a registration number of the registry's shape" };
      // One registration under two business types is one registration.
      if (seen.has(registration.certificateNumber)) continue;
      seen.add(registration.certificateNumber);
      registrations.push(registration);
    }
  }
  if (listed !== total) return { ok: false, outcome: TRUNCATED_LIST_OUTCOME, reason: "totalrows and the results given disagree" };
  return { ok: true, registrations };
}

/** An error zip's XML: the outcome its texts say (a download answers a zip of XML only when it failed). */
export function outcomeOfErrorXml(xml) {
  try {
    const errors = errorsOf(parser.parse(xml)?.feedback);
    return errors ? outcomeOfFault(errors.join("; ")) : "transient";
  } catch {
    return "transient";
  }
}
