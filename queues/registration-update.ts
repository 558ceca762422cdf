/** @module The registration row after its documents were processed, and the query's recount. */
import type { RegistrationRow } from "../worker/db/registrations";
import type { parseCertificate } from "../worker/domain/certificate";
import type { Certificate } from "../worker/schemas/certificate";

interface Outcome {
  certificateObtained: boolean;
  parsed: ReturnType<typeof parseCertificate> | null;
  attachmentsComplete: boolean;
  now: number;
}

/** First n Unicode characters (code points, not UTF-16 units). */
export function firstCharacters(text: string, n: number): string {
  return Array.from(text).slice(0, n).join("");
}

function names(cert: Certificate, role: "debtor" | "secured_party"): string | null {
  const list = (cert.parties ?? []).filter((p) => p.role === role).map((p) => p.name).filter((n): n is string => !!n);
  return list.length > 0 ? list.join("、") : null;
}

export function registrationUpdate(env: Env, reg: RegistrationRow, o: Outcome): D1PreparedStatement[] {
  const cert = o.parsed?.status === "completed" ? o.parsed.certificate : null;
  const parseStatus = !o.certificateObtained ? "missing" : cert ? "completed" : "failed";
  // A failed parse keeps its certificate (fields null, issues saying why) for the registration detail.
  const stored = o.certificateObtained ? (o.parsed?.certificate ?? null) : null;
  const description = cert?.propertyDescription ?? "";
  const searchText = [reg.certificate_number, cert && names(cert, "debtor"), cert && names(cert, "secured_party"), description]
    .filter(Boolean)
    .join("\n");
  return [
    env.DB.prepare(
      `UPDATE registrations SET processed = 1, parse_status = ?2, data_source = ?3, coverage_complete = ?4, certificate = ?5,
         initial_certificate_number = COALESCE(?6, initial_certificate_number), business_type_code = ?7, sub_business_type_code = ?8,
         debtor_names = ?9, secured_party_names = ?10, property_summary = ?11, registration_months = ?12,
         register_type = COALESCE(?13, register_type), register_time = COALESCE(?14, register_time), expires_at = COALESCE(?15, expires_at),
         search_text = ?16, updated_at = ?17
       WHERE id = ?1 AND processed = 0`,
    ).bind(
      reg.id, parseStatus, o.certificateObtained ? "certificate" : "upstream", cert && o.attachmentsComplete ? 1 : 0,
      stored ? JSON.stringify(stored) : null,
      cert?.initialCertificateNumber ?? cert?.certificateNumber ?? null,
      cert?.businessTypeCode ?? null, cert?.subBusinessTypeCode ?? null, cert ? names(cert, "debtor") : null,
      cert ? names(cert, "secured_party") : null, description ? firstCharacters(description, 200) : null, cert?.registrationMonths ?? null,
      cert?.registerType ?? null, cert?.registerTime ?? null, cert?.expiresAt ?? null, searchText, o.now,
    ),
    env.DB.prepare(
      `UPDATE queries SET processed_document_count = (SELECT COUNT(*) FROM registrations WHERE query_id = ?1 AND processed = 1),
         updated_at = ?2 WHERE id = ?1`,
    ).bind(reg.query_id, o.now),
  ];
}
