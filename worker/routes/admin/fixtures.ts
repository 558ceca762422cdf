/** @module Sandbox upstream fixtures (management-api.md): real files behind a subject name. */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../context";
import { CERTIFICATE_FILE, deleteFixtureSubject, fixtureKey, putFixtureFile, putFixtureSubject } from "../../db/fixtures";
import { normaliseSubject } from "../../domain/subjects";
import { ApiError, validationError } from "../../errors";
import { sha256Hex } from "../../lib/crypto";
import { errorResponses } from "../responses";
import type { RouteGroup } from "../router";
import { toStoredFile, toStoredSubject } from "../../serializers/admin";
import {
  FixtureAttachmentParams,
  FixtureDocumentParams,
  FixtureSubjectBody,
  FixtureSubjectParams,
  StoredFileSchema,
  StoredSubjectSchema,
} from "../../schemas/admin";

/** Fixture files are certificates and attachments, not archives: 20 MiB is plenty. */
export const MAX_FIXTURE_BYTES = 20 * 1024 * 1024;

function subjectKey(raw: string): string {
  const subject = normaliseSubject(raw);
  if (!subject.ok) throw validationError([{ path: "subjectName", code: "INVALID_VALUE", message: "Not a valid subject." }]);
  return subject.name;
}

async function storeFixtureFile(c: Context<AppEnv>, certificateNumber: string, fileName: string, mimeType: string) {
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

export function registerFixtureRoutes(admin: RouteGroup): void {
  admin.openapi(
    createRoute({
      method: "put",
      path: "/upstream/subjects/{subjectName}",
      request: { params: FixtureSubjectParams, body: { required: true, content: { "application/json": { schema: FixtureSubjectBody } } } },
      responses: {
        200: { description: "Stored", content: { "application/json": { schema: StoredSubjectSchema } } },
        ...errorResponses("VALIDATION_FAILED"),
      },
    }),
    async (c) => {
      const name = subjectKey(c.req.valid("param").subjectName);
      const body = c.req.valid("json");
      await putFixtureSubject(c.env.DB, name, body, Date.now());
      return c.json(toStoredSubject(name, body), 200);
    },
  );

  admin.openapi(
    createRoute({
      method: "delete",
      path: "/upstream/subjects/{subjectName}",
      request: { params: FixtureSubjectParams },
      responses: { 204: { description: "Removed; the subject is generated again" }, ...errorResponses("VALIDATION_FAILED") },
    }),
    async (c) => {
      await deleteFixtureSubject(c.env.DB, subjectKey(c.req.valid("param").subjectName));
      return c.body(null, 204);
    },
  );

  admin.openapi(
    createRoute({
      method: "put",
      path: "/upstream/documents/{certificateNumber}",
      request: { params: FixtureDocumentParams },
      responses: {
        200: { description: "Stored", content: { "application/json": { schema: StoredFileSchema } } },
        ...errorResponses("VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"),
      },
    }),
    async (c) => {
      if (!/^application\/pdf\s*(;|$)/i.test(c.req.header("Content-Type") ?? ""))
        throw new ApiError("UNSUPPORTED_MEDIA_TYPE", { message: "The certificate must be application/pdf." });
      return c.json(await storeFixtureFile(c, c.req.valid("param").certificateNumber, CERTIFICATE_FILE, "application/pdf"), 200);
    },
  );

  admin.openapi(
    createRoute({
      method: "put",
      path: "/upstream/documents/{certificateNumber}/attachments/{fileName}",
      request: { params: FixtureAttachmentParams },
      responses: {
        200: { description: "Stored", content: { "application/json": { schema: StoredFileSchema } } },
        ...errorResponses("VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"),
      },
    }),
    async (c) => {
      const mimeType = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!/^[a-z]+\/[a-z0-9.+-]+$/.test(mimeType)) throw new ApiError("UNSUPPORTED_MEDIA_TYPE", { message: "Give the attachment's Content-Type." });
      const { certificateNumber, fileName } = c.req.valid("param");
      return c.json(await storeFixtureFile(c, certificateNumber, fileName, mimeType), 200);
    },
  );
}
