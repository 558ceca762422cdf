/** @module What the fixture routes share (management-api.md, sandbox upstream fixtures): the subject's key, and storing an uploaded file. */
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { fixtureKey, putFixtureFile } from "../db/fixtures";
import { normaliseSubject } from "../domain/subjects";
import { ApiError, validationError } from "../errors";
import { sha256Hex } from "../lib/crypto";
import { toStoredFile } from "../serializers/admin";

/** Fixture files are certificates and attachments, not archives: 20 MiB is plenty. */
export const MAX_FIXTURE_BYTES = 20 * 1024 * 1024;

export function subjectKey(raw: string): string {
  const subject = normaliseSubject(raw);
  if (!subject.ok) throw validationError([{ path: "subjectName", code: "INVALID_VALUE", message: "Not a valid subject." }]);
  return subject.name;
}

export async function storeFixtureFile(c: Context<AppEnv>, certificateNumber: string, fileName: string, mimeType: string) {
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > MAX_FIXTURE_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE");
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength > MAX_FIXTURE_BYTES) throw new ApiError("PAYLOAD_TOO_LARGE");
  if (bytes.byteLength === 0) throw validationError([{ path: "$", code: "REQUIRED", message: "The file is empty." }]);
  const sha256 = await sha256Hex(bytes);
  const key = fixtureKey(certificateNumber, fileName);
  await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: mimeType } });
  await putFixtureFile(c.env.DB, { certificateNumber, fileName, mimeType, r2Key: key, sha256, size: bytes.byteLength, updatedAt: Date.now() });
  return toStoredFile({ sha256, size: bytes.byteLength });
}
