/**
 * @module The sandbox fixtures an operator loads through the management API: subject lists in D1,
 * files in R2 under fixtures/. Implements the sandbox adapter's FixtureStore.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { FixtureStore, FixtureSubject } from "../upstream/sandbox/fixtures";
import { preparedOn } from "./prepared";
import { upstreamFixtureFiles, upstreamFixtureSubjects, type UpstreamFixtureFileRecord } from "./schema";

export const CERTIFICATE_FILE = "";

export function fixtureKey(certificateNumber: string, fileName: string): string {
  return `fixtures/${encodeURIComponent(certificateNumber)}/${fileName === CERTIFICATE_FILE ? "certificate" : `attachments/${encodeURIComponent(fileName)}`}`;
}

/** Stores (or replaces) the registrations listed for a subject. */
export async function putFixtureSubject(db: D1Database, subjectName: string, body: FixtureSubject, now: number): Promise<void> {
  const row = { subjectName, body: JSON.stringify(body), updatedAt: now };
  await drizzle(db)
    .insert(upstreamFixtureSubjects)
    .values(row)
    .onConflictDoUpdate({ target: upstreamFixtureSubjects.subjectName, set: { body: row.body, updatedAt: now } });
}

/** Forgets a subject's fixture (the sandbox generates it again). */
export async function deleteFixtureSubject(db: D1Database, subjectName: string): Promise<void> {
  await drizzle(db).delete(upstreamFixtureSubjects).where(eq(upstreamFixtureSubjects.subjectName, subjectName));
}

/** Records (or replaces) a fixture file's metadata; its bytes are in R2 at `r2Key`. */
export async function putFixtureFile(db: D1Database, file: UpstreamFixtureFileRecord): Promise<void> {
  const { certificateNumber: _key, fileName: _name, ...rest } = file;
  await drizzle(db)
    .insert(upstreamFixtureFiles)
    .values(file)
    .onConflictDoUpdate({ target: [upstreamFixtureFiles.certificateNumber, upstreamFixtureFiles.fileName], set: rest });
}

const fixtureSubject = (d: DrizzleD1Database) =>
  d
    .select({ body: upstreamFixtureSubjects.body })
    .from(upstreamFixtureSubjects)
    .where(eq(upstreamFixtureSubjects.subjectName, sql.placeholder("subjectName")))
    .prepare();

/**
 * One store per upstream adapter, and one adapter per pipeline step: the sandbox asks for the subject's
 * fixture on every call (certificate, attachment list, each attachment), so a step reads it from D1
 * once and keeps the answer for its other calls. A fixture loaded meanwhile is seen by the next step.
 */
export class D1FixtureStore implements FixtureStore {
  private readonly subjects = new Map<string, Promise<FixtureSubject | null>>();

  constructor(private readonly env: Env) {}

  getSubject(subjectName: string): Promise<FixtureSubject | null> {
    let subject = this.subjects.get(subjectName);
    if (!subject) {
      subject = preparedOn(this.env.DB, fixtureSubject)
        .get({ subjectName })
        .then((row) => (row ? (JSON.parse(row.body) as FixtureSubject) : null));
      // A failed read is not kept: the step's retry, or its next call, reads again.
      subject.catch(() => this.subjects.delete(subjectName));
      this.subjects.set(subjectName, subject);
    }
    return subject;
  }

  async getCertificate(certificateNumber: string): Promise<Uint8Array | null> {
    const object = await this.env.FILES.get(fixtureKey(certificateNumber, CERTIFICATE_FILE));
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  }

  async listAttachments(certificateNumber: string): Promise<{ fileName: string; mimeType: string }[]> {
    return drizzle(this.env.DB)
      .select({ fileName: upstreamFixtureFiles.fileName, mimeType: upstreamFixtureFiles.mimeType })
      .from(upstreamFixtureFiles)
      .where(and(eq(upstreamFixtureFiles.certificateNumber, certificateNumber), ne(upstreamFixtureFiles.fileName, CERTIFICATE_FILE)))
      .orderBy(asc(upstreamFixtureFiles.fileName))
      .all();
  }

  async getAttachment(certificateNumber: string, fileName: string): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
    const object = await this.env.FILES.get(fixtureKey(certificateNumber, fileName));
    if (!object) return null;
    return { bytes: new Uint8Array(await object.arrayBuffer()), mimeType: object.httpMetadata?.contentType ?? "application/octet-stream" };
  }
}
