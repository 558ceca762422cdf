/**
 * @module The public API's response bodies as tests read them: the types worker/schemas infers from the
 * schemas the routes document. test/response-shapes.ts checks every response against those same
 * schemas, so a test that reads a body through these types reads what the server really sent.
 */
export type { Check } from "../worker/schemas/check";
export type { CheckResult, CheckResultPage as ResultPage, CheckResultNavigation as Navigation } from "../worker/schemas/check-result";
export type { EvidenceLocations } from "../worker/schemas/evidence";
export type { Registration } from "../worker/schemas/registration";
