/** @module The subjects of a creation request (POST /queries subjectNames, POST /checks applicant), normalised once. */
import { normaliseSubject } from "../domain/subjects";
import { ApiError } from "../errors";

/** Normalised, de-duplicated subject names in first-seen order; any bad identity number refuses all. */
export function normaliseBatch(raw: readonly string[], field: (i: number) => string, now: number): string[] {
  const names: string[] = [];
  raw.forEach((value, i) => {
    const subject = normaliseSubject(value, now);
    if (!subject.ok)
      throw new ApiError("INVALID_SUBJECT", {
        fields: [
          {
            path: field(i),
            code: "INVALID_VALUE",
            message:
              subject.reason === "unsupported_document"
                ? "Only 18-digit resident identity numbers are supported; 15-digit numbers, passports and other documents are not."
                : "Not a valid 18-digit resident identity number (birth date or check digit).",
          },
        ],
      });
    if (subject.name.length < 2)
      throw new ApiError("VALIDATION_FAILED", {
        fields: [{ path: field(i), code: "OUT_OF_RANGE", message: "Must be at least 2 characters after normalisation." }],
      });
    if (!names.includes(subject.name)) names.push(subject.name);
  });
  return names;
}
