/**
 * @module What the reader of each open-API operation needs beyond its shapes: a description where the
 * route states none, and the links that say which operation reads what this one answered (OpenAPI
 * Link Objects, runtime expressions into the response body). Keyed by operationId.
 */

interface Link {
  operationId: string;
  parameters: Record<string, string>;
  description: string;
}

interface OperationDoc {
  /** Used when the route itself states no description. */
  description?: string;
  /** On the operation's success response. */
  links?: Record<string, Link>;
}

export const HEAD_DOCUMENT_OPERATION_ID = "headDocument";

export const OPERATION_DOCS: Record<string, OperationDoc> = {
  getEntitlements: {
    description:
      "The subscription of the key's account and its two allowances (queries and checks): `available` is what new tasks can reserve now. Creating a task reserves one unit per subject (query) or per check; a finished task settles it, a failed one releases it.",
  },
  createQueries: {
    links: {
      GetQuery: {
        operationId: "getQuery",
        parameters: { id: "$response.body#/queries/0/id" },
        description: "Poll the first query until its executionStatus is terminal",
      },
      ListRegistrations: {
        operationId: "listRegistrations",
        parameters: { id: "$response.body#/queries/0/id" },
        description: "The first query's registrations, as they arrive",
      },
    },
  },
  listQueries: {
    links: {
      GetQuery: { operationId: "getQuery", parameters: { id: "$response.body#/items/0/id" }, description: "Read the first query of the page" },
    },
  },
  getQuery: {
    description:
      "Poll this until `executionStatus` is terminal (succeeded, partial, failed, cancelled): every 3 s at first, backing off to 30 s. `processedDocumentCount` of `totalDocumentCount` is the progress. Read `coverageComplete` and `sourceStatus` with the status: a query that is `partial` or not `available` does not show everything the registry holds.",
    links: {
      ListRegistrations: { operationId: "listRegistrations", parameters: { id: "$response.body#/id" }, description: "The query's registrations" },
    },
  },
  listRegistrations: {
    links: {
      GetRegistration: {
        operationId: "getRegistration",
        parameters: { id: "$request.path.id", registrationId: "$response.body#/items/0/id" },
        description: "The first registration with its parsed certificate",
      },
    },
  },
  getRegistration: {
    description:
      "The registration with its parsed certificate (`certificate`, null until parsed), the certificate file (`pdf`), its attachments and the chain of registrations it belongs to (initial, changes, extensions, cancellation). `certificate.issues` says what could not be read.",
    links: {
      DownloadCertificate: {
        operationId: "downloadDocument",
        parameters: { id: "$response.body#/pdf/documentId" },
        description: "The certificate PDF",
      },
    },
  },
  downloadDocument: {
    description:
      "Streams a certificate or attachment file of one of the account's registrations, whole (200) or one byte range (206, `Range: bytes=first-last`). Resume a broken download with `Range` from the next byte and `If-Range` set to the ETag: a changed file then comes whole. At most 3 downloads run at a time per account (429 beyond). A file of a quarantined or unavailable source answers 403.",
  },
  createCheck: {
    description:
      "Accepted or rejected as a whole; reserves one check allowance. With `sourceRegistryQueryId` the check reads a finished query (succeeded or partial) of the same subject; without it, the applicant is queried anew (one query allowance more). Invoice numbers match whole digit tokens (never inside a longer number), keywords match as substrings.",
    links: {
      GetCheck: {
        operationId: "getCheck",
        parameters: { id: "$response.body#/id" },
        description: "Poll the check until its executionStatus is terminal",
      },
      GetSourceQuery: {
        operationId: "getQuery",
        parameters: { id: "$response.body#/sourceRegistryQueryId" },
        description: "The query the check reads",
      },
    },
  },
  listChecks: {
    links: {
      GetCheck: { operationId: "getCheck", parameters: { id: "$response.body#/items/0/id" }, description: "Read the first check of the page" },
    },
  },
  getCheck: {
    description:
      "Poll this until `executionStatus` is terminal. `status` then says what is left: `review_pending` while matched candidates await a manual conclusion, `completed`, or `partial` when coverage is incomplete (`coverageIssues` say which registration could not be searched and why: a miss there does not rule out risk).",
    links: {
      ListCheckResults: { operationId: "listCheckResults", parameters: { id: "$response.body#/id" }, description: "The check's results" },
    },
  },
  listCheckResults: {
    links: {
      GetCheckResult: {
        operationId: "getCheckResult",
        parameters: { id: "$request.path.id", registrationId: "$response.body#/items/0/registration/id" },
        description: "The first result with its evidence",
      },
    },
  },
  getCheckResult: {
    description:
      "One registration's result: the registration with its parsed certificate, the automatic outcome (`matchStatus`, `strength`), the review state (`resultStatus`) and each piece of evidence with its document, page, UTF-16 offsets in the page text and a snippet.",
    links: {
      Navigation: {
        operationId: "getCheckResultNavigation",
        parameters: { id: "$request.path.id", registrationId: "$request.path.registrationId" },
        description: "Previous and next results under the list's filters",
      },
      EvidenceLocations: {
        operationId: "getEvidenceLocations",
        parameters: {
          id: "$request.path.id",
          registrationId: "$request.path.registrationId",
          documentId: "$response.body#/check/evidence/0/documentId",
          pageNumber: "$response.body#/check/evidence/0/pageNumber",
        },
        description: "Where the first piece of evidence lies on its page",
      },
      DownloadEvidenceDocument: {
        operationId: "downloadDocument",
        parameters: { id: "$response.body#/check/evidence/0/documentId" },
        description: "The file the first piece of evidence was found in",
      },
    },
  },
  getCheckResultNavigation: {
    description:
      "The result's position among the check's results under the same filters and order as the list (`resultStatus`, `matchStatus`, `strength`, `criterionId`, `sort`), and the ids of the previous and next ones: a reviewer's next and previous buttons. `position` is null when the result is not in the filtered list.",
    links: {
      Next: {
        operationId: "getCheckResult",
        parameters: { id: "$request.path.id", registrationId: "$response.body#/nextRegistrationId" },
        description: "The next result",
      },
    },
  },
  getEvidenceLocations: {
    description:
      "The evidence of this result on one page of one document, as quads in a normalised, top-left coordinate system. Precision is `page` today (`reason` TEXT_ONLY_MODE): the offsets of each evidence entry locate it in the page text.",
    links: {
      DownloadDocument: {
        operationId: "downloadDocument",
        parameters: { id: "$response.body#/documentId" },
        description: "The document the locations are on",
      },
    },
  },
  [HEAD_DOCUMENT_OPERATION_ID]: {
    description:
      "The download's status and headers without its body (size, Content-Type, ETag, file name): takes no download slot. With `Range`, the 206 or 416 it would answer.",
  },
};
