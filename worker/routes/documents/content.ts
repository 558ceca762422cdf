/**
 * @module GET /documents/{id}/content: an owned file, streamed from R2 with one byte range at most,
 * under a download lease (at most 3 streams per account) that ends when the stream ends or is
 * cancelled, and expires if the isolate dies first. A file of a type a browser would run goes out as
 * application/octet-stream, and every file with `Content-Security-Policy: sandbox` (domain/served-type.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { RouteGroup } from "../router";
import type { Context } from "hono";
import { accountDb, type AppEnv } from "../../context";
import { findOwnDocument } from "../../db/registration-detail";
import { decideRange, ifRangeHolds } from "../../domain/byte-range";
import { FILE_CONTENT_SECURITY_POLICY, servedFileType } from "../../domain/served-type";
import { contentDisposition } from "../../domain/text/download-name";
import { ApiError } from "../../errors";
import { recordAuditEvent } from "../../services/audit-trail";
import { accountGate } from "../../lib/gate";
import { admitRequest, rateLimited, recordWindow } from "../../middleware/rate-limit";
import { errorResponses } from "../responses";

const FILE_BYTES = { schema: z.string().openapi({ format: "binary" }) };
/** Certificates are PDF; attachments come as the registry stored them (PDF invoice lists, scanned images, other files). */
const FILE_CONTENT = { "application/pdf": FILE_BYTES, "image/jpeg": FILE_BYTES, "image/png": FILE_BYTES, "application/octet-stream": FILE_BYTES };
const FILE_HEADERS = {
  "Content-Length": { description: "Bytes in this response", schema: { type: "integer" as const } },
  "Accept-Ranges": { description: "Always `bytes`: a single range may be asked for", schema: { type: "string" as const, example: "bytes" } },
  ETag: { description: "The file's SHA-256 in quotes; usable in If-Range", schema: { type: "string" as const } },
  "Content-Disposition": { description: "attachment, with the file name (RFC 6266, RFC 8187)", schema: { type: "string" as const } },
  "Content-Security-Policy": {
    description: "Always `sandbox; default-src 'none'`: a file a browser renders anyway runs nothing and reaches nothing",
    schema: { type: "string" as const, example: "sandbox; default-src 'none'" },
  },
};

const route = createRoute({
  method: "get",
  path: "/documents/{id}/content",
  operationId: "downloadDocument",
  tags: ["Documents"],
  summary: "Download a certificate or attachment file",
  request: {
    params: z.object({
      id: z.string().min(1).max(100).openapi({ description: "Document id (an attachment id, or pdf.documentId)", example: "doc_5e6f7a8b9c0d1e2f" }),
    }),
    headers: z.object({
      range: z.string().max(200).optional().openapi({
        description:
          "A single byte range (RFC 9110 §14.2): bytes=0-99, bytes=100-, bytes=-500. Several ranges or a malformed one answer 416; another unit than bytes is ignored (the whole file).",
        pattern: "^bytes=(\\d+-\\d*|-\\d+)$",
        example: "bytes=0-1023",
      }),
      "if-range": z.string().max(200).optional().openapi({
        description:
          "The ETag of an earlier response: the range applies only while the file is unchanged, else the whole file comes (RFC 9110 §13.1.5)",
        example: '"8b39a602f76b608c23963d041dd9f4d3ae546a064f82bcf96e338355c706393d"',
      }),
    }),
  },
  responses: {
    200: {
      description:
        "The whole file, in its own Content-Type when that is a document or image type (application/pdf for certificates); a file declared as anything else (text/html, SVG, XML…) as application/octet-stream",
      headers: FILE_HEADERS,
      content: FILE_CONTENT,
    },
    206: {
      description: "The requested byte range (RFC 9110 §14)",
      headers: {
        ...FILE_HEADERS,
        "Content-Range": { description: "`bytes <first>-<last>/<size>`", schema: { type: "string", example: "bytes 0-1023/48213" } },
      },
      content: FILE_CONTENT,
    },
    ...errorResponses("NOT_FOUND", "SOURCE_QUARANTINED", "SOURCE_UNAVAILABLE", "RANGE_NOT_SATISFIABLE", "VALIDATION_FAILED"),
  },
});

/** A refusal before the lease still counts as a request in the account's minute. */
async function refuse(c: Context<AppEnv>, error: ApiError): Promise<never> {
  await admitRequest(c, "other");
  throw error;
}

export function registerDocumentContent(api: RouteGroup): void {
  api.openapi(route, async (c) => {
    const accountId = c.get("principal").accountId;
    const found = await findOwnDocument(accountDb(c), accountId, c.req.valid("param").id);
    if (!found) return refuse(c, new ApiError("NOT_FOUND"));
    if (found.sourceStatus === "quarantined") return refuse(c, new ApiError("SOURCE_QUARANTINED"));
    if (found.sourceStatus === "unavailable") return refuse(c, new ApiError("SOURCE_UNAVAILABLE"));
    const doc = found.document;

    const etag = `"${doc.sha256}"`;
    const headers = c.req.valid("header");
    const decision = ifRangeHolds(headers["if-range"], etag) ? decideRange(headers.range, doc.size) : { kind: "full" as const };
    if (decision.kind === "unsatisfiable")
      return refuse(
        c,
        new ApiError("RANGE_NOT_SATISFIABLE", {
          message: decision.reason === "multiple" ? "Only a single byte range is supported." : undefined,
          headers: { "Content-Range": `bytes */${doc.size}` },
        }),
      );

    const out = new Headers({
      "Content-Type": servedFileType(doc.mimeType),
      "Content-Security-Policy": FILE_CONTENT_SECURITY_POLICY,
      "Accept-Ranges": "bytes",
      ETag: etag,
      "Content-Disposition": contentDisposition(doc.fileName),
      "Cache-Control": "private, no-store",
    });
    const length = decision.kind === "partial" ? decision.end - decision.start + 1 : doc.size;
    if (decision.kind === "partial") out.set("Content-Range", `bytes ${decision.start}-${decision.end}/${doc.size}`);
    out.set("Content-Length", String(length));
    const status = decision.kind === "partial" ? 206 : 200;
    const gate = accountGate(c.env, accountId);
    // HEAD runs this GET handler and Hono drops the body unread: a lease taken here would never end.
    if (c.req.method === "HEAD") {
      await admitRequest(c, "other");
      return new Response(null, { status, headers: out });
    }
    const lease = await gate.acquireDownload();
    recordWindow(c, lease.window);
    if (!lease.ok) throw rateLimited(lease.retryAfterSeconds);
    const release = () => gate.releaseDownload(lease.leaseId);
    const object = await c.env.FILES.get(
      doc.r2Key,
      decision.kind === "partial" ? { range: { offset: decision.start, length: decision.end - decision.start + 1 } } : {},
    );
    if (!object) {
      await release();
      throw new ApiError("NOT_FOUND");
    }
    // No bytes leave without their trail: an event that cannot be written fails the download.
    const { actor } = c.get("principal");
    const detail = decision.kind === "partial" ? { range: `${decision.start}-${decision.end}` } : undefined;
    await recordAuditEvent(c, {
      accountId,
      kind: "document.downloaded",
      actor,
      target: { type: "document", id: doc.id },
      ...(detail ? { detail } : {}),
    }).catch(async (error: unknown) => {
      await object.body.cancel();
      await release();
      throw error;
    });
    // A plain stream would go out chunked, without Content-Length: FixedLengthStream gives the runtime the size.
    // The pipe outlives the response's last byte (the source still has to report its end and free the lease).
    const sized = new FixedLengthStream(length);
    c.executionCtx.waitUntil(
      releasingStream(object.body, release, (p) => c.executionCtx.waitUntil(p))
        .pipeTo(sized.writable)
        .catch(() => undefined),
    );
    return new Response(sized.readable, { status, headers: out });
  });
}

/** Passes the bytes through and frees the lease exactly once: at the end, on error, or on cancel. */
function releasingStream(body: ReadableStream<Uint8Array>, release: () => Promise<void>, keepAlive: (p: Promise<unknown>) => void) {
  const reader = body.getReader();
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    keepAlive(release().catch(() => undefined));
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: finished, value } = await reader.read();
        if (finished) {
          controller.close();
          done();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason);
    },
  });
}
