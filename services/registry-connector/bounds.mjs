/**
 * @module What the connector accepts from the registry, bounded (STYLE 18: a foreign interface is
 * bounded in everything it sends). Each bound is a named setting (settings.mjs reads it from the
 * environment) with a default sized for the largest answer a registration plausibly has: a certificate
 * is a few hundred KB, a scanned attachment a few MB; a list of 5 000 registrations about 2 MB of XML.
 * Anything beyond a bound is refused before it is held in memory: the answer is read as a stream and
 * cut at the bound, an entry is inflated only up to what may still be taken (docs/registry-connector.md,
 * "Bounds and time budget").
 */

export const DEFAULT_BOUNDS = Object.freeze({
  /** REGISTRY_MAX_ANSWER_BYTES: one SOAP answer as sent (its base64 zip is 4/3 of the zip). */
  maxAnswerBytes: 64 * 1024 * 1024,
  /** REGISTRY_MAX_ZIP_ENTRIES: files in one zip (a registration's certificate and its attachments). */
  maxZipEntries: 256,
  /** REGISTRY_MAX_ENTRY_BYTES: one file of a zip, inflated. */
  maxEntryBytes: 48 * 1024 * 1024,
  /** REGISTRY_MAX_INFLATED_BYTES: every file of one zip together, inflated. */
  maxInflatedBytes: 128 * 1024 * 1024,
});

/** The environment variable of each bound (settings.mjs; the docs' table names the same). */
export const BOUND_VARIABLES = Object.freeze({
  maxAnswerBytes: "REGISTRY_MAX_ANSWER_BYTES",
  maxZipEntries: "REGISTRY_MAX_ZIP_ENTRIES",
  maxEntryBytes: "REGISTRY_MAX_ENTRY_BYTES",
  maxInflatedBytes: "REGISTRY_MAX_INFLATED_BYTES",
});

/**
 * What the registry sent cannot be taken as it is. `kind` decides the contract error
 * (mappings.mjs, OUTCOME_OF_BREACH): `bounds` (too large or too many: the same answer would be refused
 * again), `integrity` (a CRC, a size or an encoding that does not hold: a damaged transfer may not
 * recur), `format` (not a zip or an XML text the connector reads). `reason` is for the log: it names
 * the bound or the check, never a value of the answer.
 */
export class AnswerRefused extends Error {
  /** @param {"bounds" | "integrity" | "format"} kind @param {string} reason */
  constructor(kind, reason) {
    super(reason);
    this.name = "AnswerRefused";
    this.kind = kind;
    this.reason = reason;
  }
}
