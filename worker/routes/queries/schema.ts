/** @module Query and registration shapes (open-api-v1.md: Query, Registration summary / detail, PublicPdf, Attachment). */
import { z } from "@hono/zod-openapi";
import { CertificateSchema } from "../../schemas/certificate";
import { PaginationQuery, SearchQuery, int64, pageSchema, timestamp } from "../shared";

export const QUERY_STATUSES = ["queued", "waiting_resource", "processing", "succeeded", "no_result", "partial", "failed", "cancelled"] as const;
export const QUERY_EXECUTION_STATUSES = ["queued", "waiting_resource", "processing", "succeeded", "partial", "failed", "cancelled"] as const;
export const SOURCE_STATUSES = ["available", "unavailable", "quarantined"] as const;
export const FAILURE_CODES = [
  "SOURCE_QUARANTINED",
  "SOURCE_UNAVAILABLE",
  "QUERY_FAILED",
  "CHECK_FAILED",
  "DOCUMENT_COVERAGE_INCOMPLETE",
  "CHECK_COVERAGE_INCOMPLETE",
] as const;
export const REGISTRATION_PARSE_STATUSES = ["completed", "pending", "failed", "missing"] as const;
/** The gateway contract's register types (worker/upstream/http/contract.ts), as the upstream lists them. */
export const REGISTER_TYPES = ["initial", "change", "extension", "cancellation", "objection"] as const;
export const ATTACHMENT_STATUSES = ["text_extracted", "no_text", "not_text_searchable", "unreadable"] as const;

/**
 * A filter given as repeated parameters and/or comma lists (`parseStatus=failed,missing`): the handler
 * splits and checks the values; the document states them as an exploded array of the enum.
 */
export const enumListParameter = (values: readonly string[], description: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description: `${description} Repeat the parameter or give a comma-separated list; a value outside the list is 400.`,
      anyOf: undefined,
      type: "array",
      items: { type: "string", enum: [...values] },
      example: [values[0]],
      param: { style: "form", explode: true },
    });

export const FailureSchema = z
  .object({
    code: z.enum(FAILURE_CODES),
    message: z.string().openapi({ description: "For people; the code governs", example: "Some certificates could not be obtained or read." }),
  })
  .openapi("PublicFailure", { description: "Describes finished tasks only; existing results stay usable" });

export const QuerySchema = z
  .object({
    id: z.string().openapi({ example: "qry_4f8a1c2b3d4e5f60" }),
    subjectName: z.string().openapi({ description: "Normalised subject", example: "上海示例供应链管理有限公司" }),
    status: z.enum(QUERY_STATUSES).openapi({ description: "no_result: a complete, explicit zero-registration result" }),
    executionStatus: z.enum(QUERY_EXECUTION_STATUSES),
    sourceStatus: z.enum(SOURCE_STATUSES),
    coverageComplete: z.boolean(),
    registrationCount: int64(),
    totalDocumentCount: int64().openapi({ description: "Main certificates to process" }),
    processedDocumentCount: int64().openapi({ description: "Main certificates processed" }),
    createdAt: timestamp(),
    completedAt: timestamp().optional().openapi({ description: "Omitted until finished" }),
    failure: FailureSchema.optional(),
  })
  .openapi("PublicQuery");

export const CreateQueriesBody = z
  .strictObject({
    subjectNames: z
      .array(z.string().min(2).max(100).openapi({ example: "上海示例供应链管理有限公司" }))
      .min(1)
      .max(100)
      .openapi({ description: "Enterprise full names or 18-digit resident identity numbers; normalised and de-duplicated" }),
  })
  .openapi("CreateQueriesRequest");

export const AcceptedQueriesSchema = z.object({ queries: z.array(QuerySchema) }).openapi("PublicAcceptedQueries");

export const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().min(1).max(128).regex(/\S/).openapi({
    description:
      "One per business intent (a fresh UUID); send the same key with the same body when retrying. 1 to 128 characters, not only spaces; keys are compared exactly.",
    example: "3f0c2a9e-3d1b-4b9e-9a8e-2c1f0b7d6e5a",
  }),
});

export const QueryListQuery = z.object({
  ...PaginationQuery,
  search: SearchQuery,
  status: z
    .union([z.literal(""), z.enum(QUERY_STATUSES)])
    .optional()
    .openapi({ description: "Queries in this status only; empty or absent means all", example: "succeeded" }),
});

export const QueryPageSchema = pageSchema(QuerySchema, "PublicQueryPage");

export const AttachmentSchema = z
  .object({
    id: z.string().openapi({ description: "Document id for download" }),
    fileName: z.string(),
    url: z.string().openapi({ description: "Authenticated download path" }),
    mimeType: z.string().optional(),
    pageCount: int64().optional().openapi({ description: "Omitted for non-paged files" }),
    sha256: z.string().optional(),
    status: z.enum(ATTACHMENT_STATUSES).optional().openapi({
      description:
        "text_extracted: PDF text read for matching; no_text: a PDF with no text layer; not_text_searchable: an image; unreadable: a corrupt file",
    }),
  })
  .openapi("RegistrationAttachmentsItem");

export const UpstreamSummarySchema = z
  .record(z.string(), z.unknown())
  .openapi("UpstreamSummary", { description: "The upstream's digest of the registration, fields as the upstream gave them" });

export const RegistrationSummarySchema = z
  .object({
    id: z.string().openapi({ description: "Registration id", example: "reg_7b2c9d0e1f2a3b4c" }),
    certificateNumber: z.string().openapi({ description: "登记证明编号", example: "06712345000123456789" }),
    coverageComplete: z.boolean().openapi({ description: "Main certificate (and attachments) obtained and parsed completely" }),
    dataSource: z.enum(["certificate", "upstream"]).openapi({ description: "Does not imply successful parsing" }),
    parseStatus: z.enum(REGISTRATION_PARSE_STATUSES).openapi({ description: "missing: no certificate obtained" }),
    sourceStatus: z.enum(SOURCE_STATUSES),
    attachments: z.array(AttachmentSchema),
    businessTypeCode: z.string().optional(),
    subBusinessTypeCode: z.string().optional(),
    debtorNames: z.string().optional(),
    securedPartyNames: z.string().optional(),
    expiresAt: z.string().optional(),
    registerTime: z.string().optional(),
    registerType: z.enum(REGISTER_TYPES).optional().openapi({ description: "As the upstream lists the registration" }),
    registrationMonths: z.number().int().optional().openapi({ format: "int32" }),
    propertySummary: z.string().max(200).optional().openapi({ description: "First 200 Unicode characters of the property description" }),
    pdfUrl: z.string().optional().openapi({ description: "Omitted when the source is not available" }),
    upstreamSummary: UpstreamSummarySchema.optional(),
  })
  .openapi("PublicRegistrationSummary");

export const RegistrationListQuery = z.object({
  ...PaginationQuery,
  search: SearchQuery,
  parseStatus: enumListParameter(
    REGISTRATION_PARSE_STATUSES,
    "Registrations whose certificate is in one of these states (missing: none obtained; failed: obtained, not parsed).",
  ),
});

export const RegistrationPageSchema = pageSchema(RegistrationSummarySchema, "PublicRegistrationPage");

export const PdfSchema = z
  .object({
    certificateNumber: z.string().optional(),
    documentId: z.string().optional(),
    fileName: z.string().optional(),
    mimeType: z.string().optional(),
    pageCount: int64().optional(),
    parseStatus: z.enum(["pending", "parsing", "completed", "failed"]).optional(),
    parsedAt: timestamp().optional(),
    sha256: z.string().optional(),
    size: int64().optional(),
    url: z.string().optional(),
  })
  .openapi("PublicPdf");

export const ChainItemSchema = z.object({
  certificateNumber: z.string(),
  expiresAt: z.string().optional(),
  parseStatus: z.enum(REGISTRATION_PARSE_STATUSES),
  registerTime: z.string().optional(),
  registerType: z.enum(REGISTER_TYPES).optional(),
  registrationId: z.string(),
});

export const RegistrationChainSchema = z
  .object({ initialCertificateNumber: z.string(), items: z.array(ChainItemSchema), truncated: z.boolean() })
  .openapi("RegistrationChain");

export const RegistrationSchema = z
  .object({
    id: z.string(),
    certificateNumber: z.string(),
    certificate: CertificateSchema.nullable(),
    pdf: PdfSchema.nullable(),
    indexStatus: z.enum(["not_requested", "pending", "indexing", "completed", "failed"]),
    upstreamSummary: UpstreamSummarySchema,
    attachments: z.array(AttachmentSchema).optional(),
    coverageComplete: z.boolean().optional(),
    indexedAt: timestamp().optional(),
    registrationChain: RegistrationChainSchema.optional(),
    sourceRegistrationId: z.string().optional(),
    sourceStatus: z.enum(SOURCE_STATUSES).optional(),
  })
  .openapi("PublicRegistration");

export const QueryParams = z.object({ id: z.string().min(1).max(100).openapi({ description: "Query id", example: "qry_4f8a1c2b3d4e5f60" }) });
export const RegistrationParams = z.object({
  id: z.string().min(1).max(100).openapi({ description: "Query id", example: "qry_4f8a1c2b3d4e5f60" }),
  registrationId: z.string().min(1).max(100).openapi({ description: "Registration id", example: "reg_7b2c9d0e1f2a3b4c" }),
});
