/** @module Registration and document rows, and the reads behind the registration endpoints. */

export interface RegistrationRow {
  id: string;
  query_id: string;
  account_id: string;
  ordinal: number;
  certificate_number: string;
  register_type: string | null;
  register_time: string | null;
  expires_at: string | null;
  upstream_summary: string;
  source_status: string;
  processed: number;
  parse_status: string;
  data_source: string;
  coverage_complete: number;
  certificate: string | null;
  initial_certificate_number: string | null;
  business_type_code: string | null;
  sub_business_type_code: string | null;
  debtor_names: string | null;
  secured_party_names: string | null;
  property_summary: string | null;
  registration_months: number | null;
  search_text: string;
  updated_at: number;
}

export interface DocumentRow {
  id: string;
  account_id: string;
  query_id: string;
  registration_id: string;
  kind: "certificate" | "attachment";
  ordinal: number;
  file_name: string;
  mime_type: string;
  size: number;
  sha256: string;
  page_count: number | null;
  pages: string | null;
  r2_key: string;
  text_key: string | null;
  text_status: "extracted" | "empty" | "not_text" | "unreadable";
  parse_status: string | null;
  parsed_at: number | null;
  created_at: number;
}

export async function findRegistration(db: D1Database, accountId: string, queryId: string, registrationId: string) {
  return db
    .prepare("SELECT * FROM registrations WHERE id = ? AND query_id = ? AND account_id = ?")
    .bind(registrationId, queryId, accountId)
    .first<RegistrationRow>();
}

/** Documents of many registrations in one read (a JSON list keeps it to one bound parameter). */
export async function documentsOf(db: D1Database, registrationIds: readonly string[]): Promise<Map<string, DocumentRow[]>> {
  const byRegistration = new Map<string, DocumentRow[]>();
  if (registrationIds.length === 0) return byRegistration;
  const { results } = await db
    .prepare("SELECT * FROM documents WHERE registration_id IN (SELECT value FROM json_each(?)) ORDER BY kind DESC, ordinal")
    .bind(JSON.stringify(registrationIds))
    .all<DocumentRow>();
  for (const doc of results) byRegistration.set(doc.registration_id, [...(byRegistration.get(doc.registration_id) ?? []), doc]);
  return byRegistration;
}

export const CHAIN_LIMIT = 50;

/** Registrations of the same query sharing an initial certificate number, in registration order. */
export async function chainOf(db: D1Database, queryId: string, initialCertificateNumber: string) {
  const { results } = await db
    .prepare(
      `SELECT id, certificate_number, expires_at, parse_status, register_time, register_type FROM registrations
       WHERE query_id = ? AND initial_certificate_number = ? ORDER BY register_time, ordinal LIMIT ?`,
    )
    .bind(queryId, initialCertificateNumber, CHAIN_LIMIT + 1)
    .all<Pick<RegistrationRow, "id" | "certificate_number" | "expires_at" | "parse_status" | "register_time" | "register_type">>();
  return { items: results.slice(0, CHAIN_LIMIT), truncated: results.length > CHAIN_LIMIT };
}
