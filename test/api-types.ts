/**
 * @module The public API's response bodies as tests read them: the types zod infers from the schemas
 * the routes document. test/response-shapes.ts checks every response against those same schemas, so
 * a test that reads a body through these types reads what the server really sent.
 */
import type { z } from "@hono/zod-openapi";
import type { CheckResultSchema, CheckSchema, EvidenceLocationsSchema, NavigationSchema, ResultPageSchema } from "../worker/routes/checks/schema";
import type { RegistrationSchema } from "../worker/routes/queries/schema";

export type Check = z.infer<typeof CheckSchema>;
export type CheckResult = z.infer<typeof CheckResultSchema>;
export type ResultPage = z.infer<typeof ResultPageSchema>;
export type Navigation = z.infer<typeof NavigationSchema>;
export type EvidenceLocations = z.infer<typeof EvidenceLocationsSchema>;
export type Registration = z.infer<typeof RegistrationSchema>;
