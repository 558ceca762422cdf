/**
 * @module The upstream adapter: the one narrow interface through which the service reads the
 * movable-property registry (spec: sandbox-upstream.md). Two implementations: sandbox/ (deterministic,
 * local) and http/ (a registry gateway). Expected failures are data, never exceptions.
 */
import type { ListedRegistration } from "../schemas/listed-registration";

/** Where a listing or file came from cannot be served: the pipeline maps these to query states. */
export type UpstreamFailureKind =
  /** The list (or file) cannot be obtained at all: SOURCE_UNAVAILABLE, allowance released. */
  | "unavailable"
  /** The registry holds the data but it is quarantined: SOURCE_QUARANTINED, downloads refused. */
  | "quarantined"
  /** No upstream resource free right now: the task waits (waiting_resource) and retries. */
  | "busy"
  /** A passing fault (timeout, 5xx, broken stream): retry with backoff. */
  | "transient"
  /** The registry cannot supply this file (certificate never issued, attachment gone): parseStatus missing. */
  | "missing";

export interface UpstreamFailure {
  ok: false;
  kind: UpstreamFailureKind;
  /** Seconds the upstream asked us to wait (busy, transient). */
  retryAfterSeconds?: number;
}

/**
 * One registration as the registry's list shows it, before its certificate is read (the one shape:
 * worker/schemas/listed-registration.ts), its summary always present: the upstream's own digest of the
 * registration, kept as given (UpstreamSummary in the open API), {} when it gave none.
 */
export type UpstreamRegistration = ListedRegistration & { summary: Record<string, unknown> };

export type RegistrationListing =
  | {
      ok: true;
      /** The complete list; an empty array is an explicit, complete zero result. */
      registrations: UpstreamRegistration[];
      /** quarantined: the list is had, but the data may not be handed out (downloads refused). */
      sourceStatus: "available" | "quarantined";
    }
  | UpstreamFailure;

export interface UpstreamFile {
  ok: true;
  fileName: string;
  mimeType: string;
  body: Uint8Array | ReadableStream<Uint8Array>;
  /** Byte length, when known before reading the body (required to stream into R2). */
  size?: number;
  /** Hex SHA-256 the upstream claims for the body; the pipeline verifies it when present. */
  sha256?: string;
}

export type FileResult = UpstreamFile | UpstreamFailure;

export interface AttachmentInfo {
  fileName: string;
  mimeType: string;
}

export type AttachmentListing = { ok: true; attachments: AttachmentInfo[] } | UpstreamFailure;

export interface RegistrationRef {
  /** The normalised subject the registration was listed for. */
  subjectName: string;
  certificateNumber: string;
}

export interface CallContext {
  /** 1 on the first try of this step, counting up on every redelivery or retry. */
  attempt: number;
  /** Aborts the call (timeouts). */
  signal?: AbortSignal;
}

export interface UpstreamAdapter {
  listRegistrations(subjectName: string, ctx: CallContext): Promise<RegistrationListing>;
  fetchCertificate(ref: RegistrationRef, ctx: CallContext): Promise<FileResult>;
  listAttachments(ref: RegistrationRef, ctx: CallContext): Promise<AttachmentListing>;
  fetchAttachment(ref: RegistrationRef, fileName: string, ctx: CallContext): Promise<FileResult>;
}
