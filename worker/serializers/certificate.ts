/** @module The stored certificate (a registration's `certificate` column) → Certificate. */
import type { Certificate } from "../schemas/certificate";

/**
 * The column holds what the certificate parser built from the Certificate type (the pipeline writes it
 * with JSON.stringify), so it is read back as that type; the tests check every response holding one
 * against CertificateSchema.
 */
export function toCertificate(stored: string | null): Certificate | null {
  return stored ? (JSON.parse(stored) as Certificate) : null;
}
