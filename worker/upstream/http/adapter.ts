/**
 * @module The production upstream adapter: a registry gateway (connector) reached over HTTP, per the
 * wire contract in docs/upstream-gateway.md. Every expected failure comes back as data; a listing is
 * only ever complete (an answer that is not the contract's whole list is a transient fault, never an
 * empty result).
 */
import type {
  AttachmentListing,
  CallContext,
  FileResult,
  RegistrationListing,
  RegistrationRef,
  UpstreamAdapter,
  UpstreamRegistration,
} from "../types";
import { AttachmentListSchema, GATEWAY_HEADERS, gatewayRoutes, ListingSchema } from "./contract";
import { fail } from "./failures";
import { fileOfResponse } from "./file-response";
import { GatewayTransport, type GatewayRequest, type TransportOptions } from "./transport";

export interface HttpUpstreamOptions extends TransportOptions {
  /** Timeout of a listing call, answer included (UPSTREAM_LIST_TIMEOUT_MS). */
  listTimeoutMs?: number;
  /** Timeout of a file call, body included (UPSTREAM_FILE_TIMEOUT_MS). */
  fileTimeoutMs?: number;
}

/**
 * The Worker waits longer than the connector takes at most (docs/registry-connector.md, "Bounds and
 * time budget"): with the connector's default REGISTRY_TIMEOUT_MS (60 s) it answers within 130 s
 * (services/registry-connector/time-budget.mjs); a listing gets 150 s, a file 180 s (its body travels
 * too). worker/config.ts refuses values that would give up before the connector has answered.
 */
export const DEFAULT_LIST_TIMEOUT_MS = 150_000;
export const DEFAULT_FILE_TIMEOUT_MS = 180_000;

/** "/v1/registrations/{certificateNumber}/attachments" with the parameters filled in and encoded. */
function pathOf(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

function toRegistration(r: {
  certificateNumber: string;
  registerType?: string | null;
  registerTime?: string | null;
  expiresAt?: string | null;
  summary?: Record<string, unknown> | null;
}): UpstreamRegistration {
  const out: UpstreamRegistration = { certificateNumber: r.certificateNumber, summary: r.summary ?? {} };
  if (r.registerType) out.registerType = r.registerType;
  if (r.registerTime) out.registerTime = r.registerTime;
  if (r.expiresAt) out.expiresAt = r.expiresAt;
  return out;
}

export class HttpUpstream implements UpstreamAdapter {
  private readonly transport: GatewayTransport;
  private readonly listTimeoutMs: number;
  private readonly fileTimeoutMs: number;

  constructor(options: HttpUpstreamOptions) {
    this.transport = new GatewayTransport(options);
    this.listTimeoutMs = options.listTimeoutMs ?? DEFAULT_LIST_TIMEOUT_MS;
    this.fileTimeoutMs = options.fileTimeoutMs ?? DEFAULT_FILE_TIMEOUT_MS;
  }

  async listRegistrations(subjectName: string, ctx: CallContext): Promise<RegistrationListing> {
    const exchange = await this.transport.send(
      { method: "POST", path: gatewayRoutes.listing.path, route: "listing", json: { subject: subjectName }, timeoutMs: this.listTimeoutMs },
      ctx,
    );
    if (!exchange.ok) {
      // The listing never answers 404 (no registrations is an empty list): a 404 is a misrouted call.
      return exchange.kind === "missing" ? fail("transient") : fail(exchange.kind, exchange.retryAfterSeconds);
    }
    const body = await readJson(exchange.response);
    const parsed = ListingSchema.safeParse(body);
    if (!parsed.success || parsed.data.subject !== subjectName) {
      console.warn(`upstream gateway listing ${exchange.requestId}: not a complete listing of the subject asked for`);
      return fail("transient");
    }
    return { ok: true, registrations: parsed.data.registrations.map(toRegistration), sourceStatus: parsed.data.sourceStatus };
  }

  async fetchCertificate(ref: RegistrationRef, ctx: CallContext): Promise<FileResult> {
    const path = pathOf(gatewayRoutes.certificate.path, { certificateNumber: ref.certificateNumber });
    const exchange = await this.transport.send(this.fileRequest("certificate", path, ref), ctx);
    if (!exchange.ok) return fail(exchange.kind, exchange.retryAfterSeconds);
    return fileOfResponse(exchange.response, { fileName: `${ref.certificateNumber}.pdf`, mimeType: "application/pdf" });
  }

  async listAttachments(ref: RegistrationRef, ctx: CallContext): Promise<AttachmentListing> {
    const path = pathOf(gatewayRoutes.attachments.path, { certificateNumber: ref.certificateNumber });
    const exchange = await this.transport.send(this.fileRequest("attachments", path, ref), ctx);
    if (!exchange.ok) return fail(exchange.kind, exchange.retryAfterSeconds);
    const parsed = AttachmentListSchema.safeParse(await readJson(exchange.response));
    if (!parsed.success) {
      console.warn(`upstream gateway attachments ${exchange.requestId}: not an attachment list`);
      return fail("transient");
    }
    return { ok: true, attachments: parsed.data.attachments.map((a) => ({ fileName: a.fileName, mimeType: a.mimeType })) };
  }

  async fetchAttachment(ref: RegistrationRef, fileName: string, ctx: CallContext): Promise<FileResult> {
    const path = pathOf(gatewayRoutes.attachment.path, { certificateNumber: ref.certificateNumber, fileName });
    const exchange = await this.transport.send(this.fileRequest("attachment", path, ref), ctx);
    if (!exchange.ok) return fail(exchange.kind, exchange.retryAfterSeconds);
    // The listed name stays the document's name, whatever the answer's Content-Disposition says.
    return { ...fileOfResponse(exchange.response, { fileName, mimeType: "application/octet-stream" }), fileName };
  }

  private fileRequest(route: string, path: string, ref: RegistrationRef): GatewayRequest {
    return { method: "GET", path, route, headers: { [GATEWAY_HEADERS.subject]: encodeURIComponent(ref.subjectName) }, timeoutMs: this.fileTimeoutMs };
  }
}

/** The body as JSON, or undefined when it cannot be read whole (a broken or timed-out answer). */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}
