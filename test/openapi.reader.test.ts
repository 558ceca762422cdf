/**
 * The document as a code generator and a reader use it: descriptions, enums, the rules the server
 * checks, examples that are answers the API gave (and still validate against today's schemas),
 * links between operations, samples, HEAD and media types on downloads.
 */
import { describe, expect, it } from "vitest";
import type { z } from "@hono/zod-openapi";
import { CheckPageSchema, CheckSchema, CreateCheckBody } from "../worker/schemas/check";
import { CheckResultSchema, NavigationSchema, ResultPageSchema } from "../worker/schemas/check-result";
import { EntitlementsSchema } from "../worker/schemas/entitlements";
import { EvidenceLocationsSchema } from "../worker/schemas/evidence";
import { AcceptedQueriesSchema, CreateQueriesBody, QueryPageSchema, QuerySchema } from "../worker/schemas/query";
import { RegistrationPageSchema, RegistrationSchema } from "../worker/schemas/registration";
import { invoiceDigits } from "../worker/domain/criteria";
import { DEMO } from "../worker/routes/samples";
import EXAMPLES from "../worker/routes/openapi-examples.json";
import { call } from "./helpers";

const BASE = "/api/open/v1";

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  $ref?: string;
  anyOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema: Schema;
  explode?: boolean;
}
interface MediaType {
  schema?: Schema;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  content?: Record<string, MediaType>;
  links?: Record<string, { operationId: string; parameters: Record<string, string> }>;
}
interface Operation {
  operationId: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, Response>;
  "x-codeSamples"?: Array<{ lang: string; source: string }>;
}
interface Document {
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

async function loadDocument(): Promise<Document> {
  const res = await call(`${BASE}/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

const operationsOf = (doc: Document) => Object.values(doc.paths).flatMap((item) => Object.values(item));
const operation = (doc: Document, id: string) => operationsOf(doc).find((op) => op.operationId === id)!;
const parameter = (op: Operation, name: string) => op.parameters!.find((p) => p.name === name)!;

/** The schema each captured example answers with: a changed schema that no longer fits fails here. */
const RESPONSE_SCHEMAS: Record<string, z.ZodTypeAny> = {
  getEntitlements: EntitlementsSchema,
  createQueries: AcceptedQueriesSchema,
  getQuery: QuerySchema,
  listQueries: QueryPageSchema,
  listRegistrations: RegistrationPageSchema,
  getRegistration: RegistrationSchema,
  createCheck: CheckSchema,
  getCheck: CheckSchema,
  listChecks: CheckPageSchema,
  listCheckResults: ResultPageSchema,
  getCheckResult: CheckResultSchema,
  getCheckResultNavigation: NavigationSchema,
  getEvidenceLocations: EvidenceLocationsSchema,
};

describe("the OpenAPI document, for readers and generators", () => {
  it("describes every operation and every parameter", async () => {
    const doc = await loadDocument();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThanOrEqual(15);
    for (const op of operations) {
      expect(op.description?.trim().length, op.operationId).toBeGreaterThan(40);
      for (const p of op.parameters ?? []) expect(p.description, `${op.operationId} ${p.name}`).toBeTruthy();
    }
    expect(doc.info.license?.name).toBeTruthy();
  });

  it("states filters as arrays of enums, and the rules the server checks", async () => {
    const doc = await loadDocument();
    const parseStatus = parameter(operation(doc, "listRegistrations"), "parseStatus");
    expect(parseStatus.schema.items?.enum).toEqual(["completed", "pending", "failed", "missing"]);
    expect(parseStatus.explode).toBe(true);
    const results = operation(doc, "listCheckResults");
    expect(parameter(results, "matchStatus").schema.items?.enum).toEqual(["matched", "unmatched", "pending"]);
    expect(parameter(results, "resultStatus").schema.items?.enum).toEqual(["pending", "confirmed", "excluded", "unmatched"]);
    expect(parameter(results, "strength").schema.items?.enum).toEqual(["invoice_match", "keyword_only"]);
    expect(parameter(results, "pageSize").schema).toMatchObject({ minimum: 1, maximum: 100 });
    expect(parameter(operation(doc, "getEvidenceLocations"), "pageNumber").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 999_999 });
    expect(parameter(operation(doc, "createQueries"), "Idempotency-Key").schema).toMatchObject({ minLength: 1, maxLength: 128, pattern: "\\S" });
    const range = new RegExp(parameter(operation(doc, "downloadDocument"), "Range").schema.pattern!);
    for (const [value, ok] of [
      ["bytes=0-99", true],
      ["bytes=100-", true],
      ["bytes=-500", true],
      ["bytes=0-1,5-9", false],
      ["bytes=", false],
    ] as const)
      expect(range.test(value), value).toBe(ok);

    const schemas = doc.components.schemas;
    expect(schemas.CoverageIssue!.properties!.code!.enum).toContain("ATTACHMENT_NOT_TEXT_SEARCHABLE");
    expect(schemas.PublicEvidence!.properties!.sourceField!.enum).toEqual([
      "property_description",
      "certificate_text",
      "attachment_text",
      "ocr_text",
      "ocr_text_low_confidence",
    ]);
    expect(schemas.PublicRegistrationSummary!.properties!.registerType!.enum).toEqual([
      "initial",
      "change",
      "extension",
      "cancellation",
      "objection",
    ]);

    // The invoice rule: what the documented pattern admits is what the server admits (worker/domain/criteria.ts).
    const invoice = schemas.CriterionInput!.oneOf!.find(
      (branch) => branch.properties!.kind!.enum === undefined && JSON.stringify(branch).includes("invoice_no"),
    )!;
    const pattern = new RegExp(invoice.properties!.value!.pattern!, "u");
    for (const [value, ok] of [
      ["11050292", true],
      [" 1105 0292 ", true],
      ["１１０５０２９２", true],
      ["12345", false],
      ["123456789012345678901", false],
      ["1105-0292", false],
      ["No.11050292", false],
    ] as const) {
      expect(pattern.test(value), value).toBe(ok);
      expect(invoiceDigits(value) !== null, value).toBe(ok);
    }
  });

  it("gives every JSON success a captured example that today's schemas still accept", async () => {
    const doc = await loadDocument();
    for (const op of operationsOf(doc)) {
      for (const [status, response] of Object.entries(op.responses)) {
        const json = response.content?.["application/json"];
        if (Number(status) >= 300 || !json) continue;
        const example = json.examples?.demo?.value;
        expect(example, `${op.operationId} ${status}`).toBeDefined();
        const parsed = RESPONSE_SCHEMAS[op.operationId]!.safeParse(example);
        expect(parsed.success, `${op.operationId}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
    expect(CreateQueriesBody.safeParse(EXAMPLES.createQueries.request).success).toBe(true);
    expect(CreateCheckBody.safeParse(EXAMPLES.createCheck.request).success).toBe(true);
    expect(operation(doc, "createCheck").requestBody!.content["application/json"]!.examples!.demo!.value).toEqual(EXAMPLES.createCheck.request);
  });

  it("shows an invoice number the demo subject really prints, matched with evidence", () => {
    const result = EXAMPLES.getCheckResult.response;
    expect(result.matchStatus).toBe("matched");
    const evidence = result.check.evidence.find((e) => e.termKind === "invoice_no")!;
    expect(evidence.termValue.replace(/\s/g, "")).toBe(DEMO.invoiceNo);
    expect(result.registration.certificateNumber).toMatch(/^\d{20}$/);
    expect(result.registration.certificate.propertyDescription).toContain(DEMO.invoiceNo);
    expect(EXAMPLES.createQueries.request.subjectNames).toEqual([DEMO.subject]);
  });

  it("links operations to the ones that read what they answered", async () => {
    const doc = await loadDocument();
    const ids = new Set(operationsOf(doc).map((op) => op.operationId));
    const linked: string[] = [];
    for (const op of operationsOf(doc)) {
      for (const response of Object.values(op.responses)) {
        for (const link of Object.values(response.links ?? {})) {
          expect(ids.has(link.operationId), link.operationId).toBe(true);
          const target = operation(doc, link.operationId);
          const names = new Set((target.parameters ?? []).map((p) => p.name));
          for (const name of Object.keys(link.parameters)) expect(names.has(name), `${op.operationId} → ${link.operationId} ${name}`).toBe(true);
          linked.push(`${op.operationId}>${link.operationId}`);
        }
      }
    }
    expect(linked).toEqual(
      expect.arrayContaining([
        "createQueries>getQuery",
        "createCheck>getCheck",
        "listCheckResults>getCheckResult",
        "getRegistration>downloadDocument",
      ]),
    );
  });

  it("gives every operation a curl, TypeScript and Python sample, in x-codeSamples and in its description", async () => {
    const doc = await loadDocument();
    for (const op of operationsOf(doc)) {
      const samples = op["x-codeSamples"] ?? [];
      expect(
        samples.map((s) => s.lang),
        op.operationId,
      ).toEqual(["curl", "TypeScript", "Python"]);
      for (const sample of samples) expect(op.description, op.operationId).toContain(sample.source);
    }
  });

  it("documents HEAD on downloads and the files' media types, not */*", async () => {
    const doc = await loadDocument();
    const item = doc.paths["/documents/{id}/content"]!;
    expect(item.head?.operationId).toBe("headDocument");
    expect(item.head!.responses["200"]!.content).toBeUndefined();
    expect(Object.keys(item.head!.responses)).toEqual(expect.arrayContaining(["200", "206", "416"]));
    const types = Object.keys(item.get!.responses["200"]!.content!);
    expect(types).toEqual(expect.arrayContaining(["application/pdf", "application/octet-stream"]));
    expect(types).not.toContain("*/*");
  });
});
