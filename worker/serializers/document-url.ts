/** @module The download path of a document: what every shape that links a file (attachments, pdf, evidence) shows. */

export function documentUrl(documentId: string): string {
  return `/api/open/v1/documents/${documentId}/content`;
}
