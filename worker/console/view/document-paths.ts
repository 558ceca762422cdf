/** @module Where the console's pages link a registration's files: shared by the query and certificate pages. */
import { CONSOLE_API_BASE, CONSOLE_BASE } from "./page-session";

/** The console's own path to a file the open API links (the cookie, not a key, opens it). */
export function consoleDocumentPath(openApiPath: string | undefined): string | null {
  const id = /\/documents\/([^/]+)\/content$/.exec(openApiPath ?? "")?.[1];
  return id ? `${CONSOLE_API_BASE}/documents/${id}/content` : null;
}

/** Where the query page opens a registration's certificate (pages/certificate.ts). */
export function certificatePagePath(queryId: string, registrationId: string): string {
  return `${CONSOLE_BASE}/queries/${encodeURIComponent(queryId)}/registrations/${encodeURIComponent(registrationId)}`;
}
