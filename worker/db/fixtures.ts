/**
 * @module The sandbox fixtures an operator loads through the management API: subject lists in D1,
 * files in R2 under fixtures/. Implements the sandbox adapter's FixtureStore.
 */
import { and, asc, eq, ne } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { FixtureStore, FixtureSubject } from "../upstream/sandbox/fixtures";
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

export class D1FixtureStore implements FixtureStore {
  constructor(private readonly env: Env) {}

  async getSubject(subjectName: string): Promise<FixtureSubject | null> {
    const row = await drizzle(this.env.DB)
      .select({ body: upstreamFixtureSubjects.body })
      .from(upstreamFixtureSubjects)
      .where(eq(upstreamFixtureSubjects.subjectName, subjectName))
      .get();
    return row ? (JSON.parse(row.body) as FixtureSubject) : null;
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
