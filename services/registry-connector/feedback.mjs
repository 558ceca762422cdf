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
  if (!feedback || typeof feedback !== "object")
    return { ok: false, outcome: "transient", reason: `an answer not recognised: no list in it (root <${rootOf(xml)}>)` };
  const errors = errorsOf(feedback);
  if (errors) return { ok: false, outcome: outcomeOfFault(errors.join("; ")), reason: "an error answer" };
  // Only the shape we know is a list: any other element beside totalrows and data (an <errmsg>, a <code>)
  // may be an error in a form we have not seen, and its totalrows 0 must not read as "no registrations".
  const unknown = Object.keys(feedback).filter((name) => !LIST_ELEMENTS.has(name));
  if (unknown.length > 0)
    return {
      ok: false,
      outcome: "transient",
      reason: `an answer not recognised: <feedback> holds ${unknown
        .slice(0, 5)
        .map((n) => `<${n.slice(0, 40)}>`)
        .join(", ")}`,
    };
  const total = count(feedback.totalrows);
  if (total === null) return { ok: false, outcome: "transient", reason: "an answer not recognised: no totalrows" };
  if (
    feedback.data !== undefined &&
    feedback.data !== "" &&
    (typeof feedback.data !== "object" || Object.keys(feedback.data).some((n) => n !== "results"))
  )
    return { ok: false, outcome: "transient", reason: "an answer not recognised: <data> holds more than <results>" };
  const groups = typeof feedback.data === "object" && feedback.data !== null ? (feedback.data.results ?? []) : [];
  let listed = 0;
  let claimed = 0;
  const registrations = [];
  const seen = new Set();
  for (const group of groups) {
    const items = group.result ?? [];
    const rows = count(group.rows);
    if (rows === null || rows < items.length)
      return {
        ok: false,
        outcome: "transient",
        reason: `a business type's rows (${text(group.rows) || "none"}) and its ${items.length} results disagree`,
      };
    claimed += rows;
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
  // Fewer results than claimed: the registry cut the list (it may cap long lists). Not a part: an error
  // that retrying will not mend, with the numbers that show the cap.
  if (listed < total || listed < claimed)
    return {
      ok: false,
      outcome: TRUNCATED_LIST_OUTCOME,
      reason: `the list is cut short: totalrows ${total}, rows ${claimed}, ${listed} results given`,
    };
  if (listed !== total || claimed !== total)
    return { ok: false, outcome: "transient", reason: `counts disagree: totalrows ${total}, rows ${claimed}, ${listed} results given` };
  return { ok: true, registrations };
}

/** The elements a list's <feedback> may hold (certain: QueryBySubjectRspApiModel). */
const LIST_ELEMENTS = new Set(["totalrows", "data"]);

/** The name of the XML's root element, for a log line (no content). */
function rootOf(xml) {
  return (/<([A-Za-z_][\w.:-]*)/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ""))?.[1] ?? "none").slice(0, 40);
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
