/** Types of mappings.mjs, for TypeScript callers. */
export type Outcome =
  "relogin" | "refused" | "misconfigured" | "busy" | "quarantined" | "unavailable" | "missing" | "oversized" | "slow" | "transient";
export type SubjectKind = "organisation" | "individual-business" | "person";
export type DebtTypeTable = Record<SubjectKind, { debtType: string; confirm: string }>;
export const DEBT_TYPES: DebtTypeTable;
export function kindsOfSubject(subject: string): SubjectKind[];
export function queriesForSubject(subject: string, table?: DebtTypeTable): { kind: SubjectKind; debtType: string; confirm: string }[];
export const REGISTER_TYPE_CODES: Record<string, string>;
export const FAULT_OUTCOMES: { pattern: RegExp; outcome: Outcome }[];
export const TRUNCATED_LIST_OUTCOME: Outcome;
export const OUTCOME_ERRORS: Record<Outcome, { code: string; retryAfterSeconds?: number }>;
export function outcomeOfFault(message: string | undefined): Outcome;
export const MIME_TYPES: Record<string, string>;
export function mimeTypeOf(fileName: string): string;
export const OUTCOME_OF_REFUSAL: Record<"bounds" | "integrity" | "format", Outcome>;
export function outcomeOfRefusal(refused: { kind: "bounds" | "integrity" | "format" }): Outcome;
