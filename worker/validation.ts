/**
 * @module Turns zod issues into the API's field errors. Messages are ours, never zod's: zod's
 * messages quote rejected values and unknown keys, and the API never echoes a client's input.
 */
import { z } from "@hono/zod-openapi";
import { validationError, type ApiError, type FieldCode, type FieldError } from "./errors";

/**
 * Tags issues by their input while zod still knows it (it drops it afterwards): an absent value,
 * and a list where one value was expected (Hono hands a repeated query parameter, ?page=1&page=2,
 * to the schema as an array).
 */
z.config({
  customError: (issue) => {
    if (issue.code !== "invalid_type") return undefined;
    if (issue.input === undefined) return "REQUIRED";
    return Array.isArray(issue.input) && issue.expected !== "array" ? "LIST_FOR_ONE" : undefined;
  },
});

/** Where the failing value came from; a query parameter's list is a parameter given twice. */
export type InputTarget = "query" | "param" | "header" | "json" | "form" | "cookie";

/** "criteria[0].value"; the body as a whole is "$". */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "$" : out;
}

function classify(issue: z.core.$ZodIssue, target: InputTarget | undefined): { code: FieldCode; message: string } {
  switch (issue.code) {
    case "invalid_type":
      if (issue.message === "REQUIRED") return { code: "REQUIRED", message: "This field is required." };
      if (issue.message === "LIST_FOR_ONE")
        return target === "query"
          ? { code: "INVALID_VALUE", message: "This parameter takes one value; give it once." }
          : { code: "INVALID_TYPE", message: `Expected one ${issue.expected}, not a list.` };
      return { code: "INVALID_TYPE", message: `Expected ${issue.expected}.` };
    case "too_small":
      if (issue.origin === "string" && issue.minimum === 1) return { code: "REQUIRED", message: "This field must not be empty." };
      if (issue.origin === "array" && issue.minimum === 1) return { code: "REQUIRED", message: "At least one item is required." };
      return { code: "OUT_OF_RANGE", message: `Must be at least ${String(issue.minimum)}${unit(issue.origin)}.` };
    case "too_big":
      return { code: "OUT_OF_RANGE", message: `Must be at most ${String(issue.maximum)}${unit(issue.origin)}.` };
    case "invalid_value":
      return { code: "INVALID_CHOICE", message: `Must be one of: ${issue.values.map(String).join(", ")}.` };
    case "invalid_format":
      return { code: "INVALID_FORMAT", message: `Must be a valid ${issue.format}.` };
    case "unrecognized_keys":
      return { code: "INVALID_VALUE", message: "Unknown fields are not accepted." };
    case "invalid_union": {
      // A union of choices ("" or a status) missed by a value of the right type is a wrong choice.
      const choices = issue.errors.every((branch) => branch.length > 0 && branch.every((i) => i.code === "invalid_value"))
        ? issue.errors
            .flat()
            .flatMap((i) => (i.code === "invalid_value" ? i.values : []))
            .filter((v) => v !== "")
        : [];
      return choices.length > 0
        ? { code: "INVALID_CHOICE", message: `Must be one of: ${choices.map(String).join(", ")}.` }
        : { code: "INVALID_TYPE", message: "The value has none of the accepted types." };
    }
    case "custom": {
      // Our own refinements carry their field code in params and write their own message.
      const code = (issue.params as { fieldCode?: FieldCode } | undefined)?.fieldCode ?? "INVALID_VALUE";
      return { code, message: issue.message };
    }
    default:
      return { code: "INVALID_VALUE", message: "The value is not valid." };
  }
}

function unit(origin: string): string {
  if (origin === "string") return " characters";
  if (origin === "array") return " items";
  return "";
}

export function toFieldErrors(error: z.ZodError, target?: InputTarget): FieldError[] {
  return error.issues.map((issue) => ({ path: formatPath(issue.path), ...classify(issue, target) }));
}

export function zodValidationError(error: z.ZodError): ApiError {
  return validationError(toFieldErrors(error));
}
