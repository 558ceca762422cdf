/**
 * @module The sandbox fixtures an operator loads through the management API: subject lists in D1,
 * files in R2 under fixtures/. Implements the sandbox adapter's FixtureStore.
 */
import type { FixtureStore, FixtureSubject } from "../upstream/sandbox/fixtures";

export const CERTIFICATE_FILE = "";

export function fixtureKey(certificateNumber: string, fileName: string): string {
  return `fixtures/${encodeURIComponent(certificateNumber)}/${fileName === CERTIFICATE_FILE ? "certificate" : `attachments/${encodeURIComponent(fileName)}`}`;
}

export class D1FixtureStore implements FixtureStore {
  constructor(private readonly env: Env) {}

  async getSubject(subjectName: string): Promise<FixtureSubject | null> {
    const row = await this.env.DB.prepare("SELECT body FROM upstream_fixture_subjects WHERE subject_name = ?").bind(subjectName).first<{ body: string }>();
    return row ? (JSON.parse(row.body) as FixtureSubject) : null;
  }

  async getCertificate(certificateNumber: string): Promise<Uint8Array | null> {
    const object = await this.env.FILES.get(fixtureKey(certificateNumber, CERTIFICATE_FILE));
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  }

  async listAttachments(certificateNumber: string): Promise<{ fileName: string; mimeType: string }[]> {
    const { results } = await this.env.DB.prepare(
      "SELECT file_name, mime_type FROM upstream_fixture_files WHERE certificate_number = ? AND file_name <> '' ORDER BY file_name",
    ).bind(certificateNumber).all<{ file_name: string; mime_type: string }>();
    return results.map((r) => ({ fileName: r.file_name, mimeType: r.mime_type }));
  }

  async getAttachment(certificateNumber: string, fileName: string): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
    const object = await this.env.FILES.get(fixtureKey(certificateNumber, fileName));
    if (!object) return null;
    return { bytes: new Uint8Array(await object.arrayBuffer()), mimeType: object.httpMetadata?.contentType ?? "application/octet-stream" };
  }
}
