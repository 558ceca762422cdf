/**
 * @module The registry gateway's wire contract (docs/upstream-gateway.md), in one place: the JSON
 * shapes the HTTP adapter validates and the stub serves, the header names, the error codes, and the
 * routes the OpenAPI document (docs/upstream-gateway.openapi.json) is generated from.
 *
 * Subject names can be personal data (an 18-digit identity number), so they never travel in a URL
 * that proxies and access logs keep: the listing takes them in its body, file requests in X-Subject.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { ListedRegistrationSchema } from "../../schemas/listed-registration";

export const GATEWAY_HEADERS = {
  requestId: "X-Request-Id",
  /** The pipeline's attempt number for this step (1, 2, …): for the gateway's logs and back-off. */
  attempt: "X-Attempt",
  /** The subject a registration was listed for, percent-encoded UTF-8 (file requests only). */
  subject: "X-Subject",
  /** Lower-case hex SHA-256 of the file's bytes (the decoded representation). */
  sha256: "X-Content-SHA256",
  /** RFC 9530 `sha-256=:<base64>:`, accepted in place of X-Content-SHA256. */
  reprDigest: "Repr-Digest",
} as const;

/** Error codes in a gateway error body; the code decides, the HTTP status is the fallback. */
export const GATEWAY_ERROR_CODES = [
  "NOT_FOUND",
  "SOURCE_UNAVAILABLE",
  "SOURCE_QUARANTINED",
  "BUSY",
  "TRANSIENT",
  "UNAUTHORIZED",
  "BAD_REQUEST",
] as const;
export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

/** The HTTP status a gateway sends with each code (the stub's table; the adapter reads the code). */
export const GATEWAY_ERROR_STATUS: Record<GatewayErrorCode, number> = {
  NOT_FOUND: 404,
  SOURCE_UNAVAILABLE: 422,
  SOURCE_QUARANTINED: 451,
  BUSY: 429,
  TRANSIENT: 503,
  UNAUTHORIZED: 401,
  BAD_REQUEST: 400,
};

const sha256Hex = z.string().regex(/^[0-9a-fA-F]{64}$/);

export const GatewayErrorSchema = z
  .object({
    code: z.enum(GATEWAY_ERROR_CODES),
    message: z.string().optional(),
    retryAfterSeconds: z.number().int().min(0).optional().openapi({ description: "BUSY / TRANSIENT: seconds to wait; same as Retry-After" }),
    requestId: z.string().optional().openapi({ description: "The X-Request-Id of the request, echoed" }),
  })
  .openapi("GatewayError");

export const ListingRequestSchema = z
  .object({
    subject: z.string().min(1).max(200).openapi({
      description: "The normalised subject: an enterprise full name or an 18-digit identity number",
      example: "上海示例供应链管理有限公司",
    }),
  })
  .openapi("ListingRequest");

/** The listed registration (worker/schemas/listed-registration.ts) as a connector sends it: null is absent too. */
const listed = ListedRegistrationSchema.shape;
export const GatewayRegistrationSchema = ListedRegistrationSchema.extend({
  registerType: listed.registerType.unwrap().nullish(),
  registerTime: listed.registerTime.unwrap().nullish(),
  expiresAt: listed.expiresAt.unwrap().nullish(),
  summary: listed.summary.unwrap().nullish(),
}).openapi("GatewayRegistration");

export const ListingSchema = z
  .object({
    subject: z.string().openapi({ description: "The subject of the request, echoed; a mismatch is treated as a fault" }),
    complete: z.literal(true).openapi({ description: "Always true: a gateway that cannot read the whole list answers with an error instead" }),
    sourceStatus: z.enum(["available", "quarantined"]).openapi({ description: "quarantined: listed, but files may not be handed out" }),
    registrations: z.array(GatewayRegistrationSchema).openapi({ description: "The complete list; [] is an explicit zero result" }),
  })
  .openapi("RegistrationListing");

export const AttachmentListSchema = z
  .object({
    attachments: z.array(
      z
        .object({
          fileName: z.string().min(1).max(255),
          mimeType: z.string().min(1).max(100).openapi({ example: "application/pdf" }),
          size: z.number().int().min(0).optional(),
          sha256: sha256Hex.optional(),
        })
        .openapi("GatewayAttachment"),
    ),
  })
  .openapi("AttachmentList");

export type GatewayListing = z.infer<typeof ListingSchema>;
export type GatewayError = z.infer<typeof GatewayErrorSchema>;

const callHeaders = z.object({
  [GATEWAY_HEADERS.requestId]: z
    .string()
    .max(100)
    .optional()
    .openapi({ description: "Echoed in the response and in error bodies; the same on in-call retries" }),
  [GATEWAY_HEADERS.attempt]: z.string().regex(/^\d+$/).optional().openapi({ description: "The pipeline's attempt number of this step" }),
});
const fileHeaders = callHeaders.extend({
  [GATEWAY_HEADERS.subject]: z.string().max(2000).openapi({ description: "The subject the registration was listed for, percent-encoded UTF-8" }),
});
const certificateParam = z.string().min(1).max(64).openapi({ example: "16405277000006493448" });

const json = <T extends z.ZodType>(schema: T) => ({ "application/json": { schema } });
const errorOf = (description: string) => ({ description, content: json(GatewayErrorSchema) });
const retryAfter = { "Retry-After": { description: "Seconds (or an HTTP date) to wait", schema: { type: "string" as const } } };
const busy = {
  description: "BUSY: no logged-in session free; Retry-After says when to ask again",
  headers: retryAfter,
  content: json(GatewayErrorSchema),
};
const commonErrors = {
  401: errorOf("UNAUTHORIZED: missing or wrong bearer token"),
  429: busy,
  503: { description: "BUSY (with Retry-After) or TRANSIENT (without): a passing condition", headers: retryAfter, content: json(GatewayErrorSchema) },
  500: errorOf("TRANSIENT: any other passing fault; the caller retries with back-off"),
};

const fileResponse = {
  description: "The file's bytes",
  headers: {
    "Content-Length": { description: "Byte length of the body (required; no compression)", schema: { type: "integer" as const } },
    [GATEWAY_HEADERS.sha256]: { description: "Hex SHA-256 of the body", schema: { type: "string" as const, pattern: "^[0-9a-f]{64}$" } },
    [GATEWAY_HEADERS.reprDigest]: { description: "RFC 9530 alternative: sha-256=:<base64>:", schema: { type: "string" as const } },
    "Content-Disposition": { description: "attachment; filename*=UTF-8''<percent-encoded name>", schema: { type: "string" as const } },
  },
  content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
};

const fileErrors = {
  404: errorOf("NOT_FOUND: the registry cannot supply this file (never issued, gone)"),
  422: errorOf("SOURCE_UNAVAILABLE: the subject's data cannot be obtained"),
  451: errorOf("SOURCE_QUARANTINED: the subject's data is quarantined; files are refused"),
  ...commonErrors,
};

export const gatewayRoutes = {
  listing: createRoute({
    method: "post",
    path: "/v1/listings",
    operationId: "listRegistrations",
    summary: "The complete list of a subject's registrations",
    description: "Safe to repeat (a read). Answers the whole list, an explicit empty list, or a typed error; never a partial list.",
    request: { headers: callHeaders, body: { required: true, content: json(ListingRequestSchema) } },
    responses: {
      200: { description: "The complete list (possibly empty)", content: json(ListingSchema) },
      400: errorOf("BAD_REQUEST: the body is not a ListingRequest"),
      422: errorOf("SOURCE_UNAVAILABLE: the list cannot be obtained"),
      451: errorOf("SOURCE_QUARANTINED: the subject's data is quarantined and cannot even be listed"),
      ...commonErrors,
    },
  }),
  certificate: createRoute({
    method: "get",
    path: "/v1/registrations/{certificateNumber}/certificate",
    operationId: "fetchCertificate",
    summary: "The main certificate PDF of a registration",
    request: { params: z.object({ certificateNumber: certificateParam }), headers: fileHeaders },
    responses: { 200: fileResponse, ...fileErrors },
  }),
  attachments: createRoute({
    method: "get",
    path: "/v1/registrations/{certificateNumber}/attachments",
    operationId: "listAttachments",
    summary: "The attachments of a registration",
    request: { params: z.object({ certificateNumber: certificateParam }), headers: fileHeaders },
    responses: { 200: { description: "Every attachment ([] when none)", content: json(AttachmentListSchema) }, ...fileErrors },
  }),
  attachment: createRoute({
    method: "get",
    path: "/v1/registrations/{certificateNumber}/attachments/{fileName}",
    operationId: "fetchAttachment",
    summary: "One attachment file",
    request: {
      params: z.object({
        certificateNumber: certificateParam,
        fileName: z.string().min(1).max(255).openapi({ description: "As listed, percent-encoded", example: "发票清单.pdf" }),
      }),
      headers: fileHeaders,
    },
    responses: { 200: fileResponse, ...fileErrors },
  }),
};
