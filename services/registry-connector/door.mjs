/**
 * @module What the connector lets through to the registry: a request's registration number and file
 * name checked against the registry's own shapes before any call is made (any text would otherwise be
 * encrypted and sent). The subject is checked where it is read (server.mjs).
 */

/**
 * A registration number as the registry writes it: 20 digits (certain: the list's `registerno`, the
 * public client's samples; spec/registry-direct-connect.md, "Answers").
 */
export const REGISTER_NO = /^\d{20}$/;

/** The longest file name the gateway contract lets through (docs/upstream-gateway.openapi.json). */
const MAX_FILE_NAME = 255;
/**
 * Characters no file name of the registry's holds: path separators (its names are flat), C0 and C1
 * controls, and the invisible format characters that make two names look alike (bidirectional
 * overrides and isolates, zero-width characters, the BOM).
 */
const NOT_IN_A_FILE_NAME = /[/\\\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;

export function isRegisterNo(value) {
  return typeof value === "string" && REGISTER_NO.test(value);
}

/** An attachment's name as the list names it: one path segment of 1–255 well-formed characters. */
export function isFileName(value) {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= MAX_FILE_NAME &&
    value.isWellFormed() &&
    value !== "." &&
    value !== ".." &&
    !NOT_IN_A_FILE_NAME.test(value)
  );
}
