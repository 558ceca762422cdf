/** @module A registration's full public shape (PublicRegistration): its documents and its chain, read together. */
import { toPublicRegistration, type PublicRegistration } from "../serializers/registration";
import { chainOf, documentsOf, type RegistrationRow } from "./registrations";

export async function loadPublicRegistration(
  db: D1Database,
  row: RegistrationRow,
  index: { status: PublicRegistration["indexStatus"]; at?: number },
): Promise<PublicRegistration> {
  const initial = row.initial_certificate_number;
  const [docs, chain] = await Promise.all([documentsOf(db, [row.id]), initial ? chainOf(db, row.query_id, initial) : undefined]);
  return toPublicRegistration(
    row,
    docs.get(row.id) ?? [],
    chain && initial
      ? {
          initialCertificateNumber: initial,
          truncated: chain.truncated,
          items: chain.items.map((r) => ({
            certificateNumber: r.certificate_number,
            registrationId: r.id,
            parseStatus: r.parse_status,
            ...(r.register_type ? { registerType: r.register_type } : {}),
            ...(r.register_time ? { registerTime: r.register_time } : {}),
            ...(r.expires_at ? { expiresAt: r.expires_at } : {}),
          })),
        }
      : undefined,
    index,
  );
}
