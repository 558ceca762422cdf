/**
 * @module Sandbox upstream fixtures loaded through the management API (bytes in R2 under fixtures/).
 */
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const upstreamFixtureSubjects = sqliteTable("upstream_fixture_subjects", {
  subjectName: text("subject_name").primaryKey(),
  body: text("body").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

export const upstreamFixtureFiles = sqliteTable(
  "upstream_fixture_files",
  {
    certificateNumber: text("certificate_number").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    r2Key: text("r2_key").notNull(),
    sha256: text("sha256").notNull(),
    size: integer("size").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.certificateNumber, t.fileName] })],
);

export type UpstreamFixtureSubjectRecord = typeof upstreamFixtureSubjects.$inferSelect;
export type NewUpstreamFixtureSubjectRecord = typeof upstreamFixtureSubjects.$inferInsert;
export type UpstreamFixtureFileRecord = typeof upstreamFixtureFiles.$inferSelect;
export type NewUpstreamFixtureFileRecord = typeof upstreamFixtureFiles.$inferInsert;
