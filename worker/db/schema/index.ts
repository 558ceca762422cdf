/**
 * @module The shared D1's drizzle schema (binding DB): the control plane and the small per-task rows.
 * drizzle-kit generates migrations/ from it (`npm run db:generate`); `npm run db:check` fails when the
 * two differ. The per-account bulk (registrations, documents, results, evidence, reviews) is the shard
 * schema (./shard.ts → migrations/shard/), one copy per shard D1.
 */
export * from "./platform";
export * from "./queries";
export * from "./checks";
export * from "./fixtures";
export * from "./shards";
export * from "./operations";
export * from "./console";
// The shard tables' record types (not the tables: drizzle-kit must not put them in the shared D1's migrations).
export type {
  AuditEventRecord,
  CheckResultRecord,
  DocumentRecord,
  EvidenceRecord,
  ManualReviewRecord,
  NewCheckResultRecord,
  NewDocumentRecord,
  NewEvidenceRecord,
  NewManualReviewRecord,
  NewRegistrationRecord,
  RegistrationRecord,
} from "./shard";
