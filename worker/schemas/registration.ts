/** @module Registration shapes (open-api-v1.md: Registration summary / detail, PublicPdf, Attachment, the chain). */
import { z } from "@hono/zod-openapi";
import { CertificateSchema } from "./certificate";
import { PaginationQuery, SearchQuery, enumListParameter, int64, pageSchema, timestamp } from "./common";
import { QueryParams } from "./query";
import { ATTACHMENT_STATUSES, REGISTER_TYPES, REGISTRATION_PARSE_STATUSES, SOURCE_STATUSES } from "./query-vocabulary";

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
    // debtorNames, securedPartyNames, propertySummary: derived from the certificate in domain/registration-summary.ts.
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

export const RegistrationIdParam = z.string().min(1).max(100).openapi({ description: "Registration id", example: "reg_7b2c9d0e1f2a3b4c" });
export const RegistrationParams = QueryParams.extend({ registrationId: RegistrationIdParam });

export type Attachment = z.output<typeof AttachmentSchema>;
export type RegistrationSummary = z.output<typeof RegistrationSummarySchema>;
export type RegistrationPage = z.output<typeof RegistrationPageSchema>;
export type Pdf = z.output<typeof PdfSchema>;
export type ChainItem = z.output<typeof ChainItemSchema>;
export type Registration = z.output<typeof RegistrationSchema>;
