/**
 * @module Fixtures that override the generated sandbox (management-api.md, "Sandbox upstream fixtures").
 * The sandbox adapter only reads them through this interface; the D1/R2-backed store behind the admin
 * endpoints implements it, tests use `MemoryFixtureStore`.
 */
import type { ListedRegistration } from "../../schemas/listed-registration";

/** A registration as an operator's fixture lists it: the listed registration (worker/schemas/listed-registration.ts). */
export type FixtureRegistration = ListedRegistration;

export interface FixtureSubject {
  registrations: FixtureRegistration[];
  /** normal (default): the list as given; unavailable: the list cannot be had; quarantined: listed and read, downloads refused by the API. */
  mode?: "normal" | "unavailable" | "quarantined";
}

export interface FixtureStore {
  /** The fixture loaded for a normalised subject name, or null when the subject is generated. */
  getSubject(subjectName: string): Promise<FixtureSubject | null>;
  /** The uploaded main certificate of a registration, or null when none was uploaded. */
  getCertificate(certificateNumber: string): Promise<Uint8Array | null>;
  listAttachments(certificateNumber: string): Promise<{ fileName: string; mimeType: string }[]>;
  getAttachment(certificateNumber: string, fileName: string): Promise<{ bytes: Uint8Array; mimeType: string } | null>;
}

/** An in-memory FixtureStore: for tests and local scripts. */
export class MemoryFixtureStore implements FixtureStore {
  readonly subjects = new Map<string, FixtureSubject>();
  readonly certificates = new Map<string, Uint8Array>();
  readonly attachments = new Map<string, Map<string, { bytes: Uint8Array; mimeType: string }>>();

  async getSubject(subjectName: string): Promise<FixtureSubject | null> {
    return this.subjects.get(subjectName) ?? null;
  }

  async getCertificate(certificateNumber: string): Promise<Uint8Array | null> {
    return this.certificates.get(certificateNumber) ?? null;
  }

  async listAttachments(certificateNumber: string): Promise<{ fileName: string; mimeType: string }[]> {
    return [...(this.attachments.get(certificateNumber) ?? new Map())].map(([fileName, a]) => ({ fileName, mimeType: a.mimeType }));
  }

  async getAttachment(certificateNumber: string, fileName: string): Promise<{ bytes: Uint8Array; mimeType: string } | null> {
    return this.attachments.get(certificateNumber)?.get(fileName) ?? null;
  }

  putAttachment(certificateNumber: string, fileName: string, bytes: Uint8Array, mimeType: string): void {
    const files = this.attachments.get(certificateNumber) ?? new Map();
    files.set(fileName, { bytes, mimeType });
    this.attachments.set(certificateNumber, files);
  }
}
