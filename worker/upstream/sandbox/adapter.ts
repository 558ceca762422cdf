/**
 * @module The sandbox upstream adapter (sandbox-upstream.md): fixtures first, else the generated
 * registry with its scenario markers (无登记, 不可用, 隔离, 部分, 排队, 规模N, 慢). Expected failures are
 * returned as data, never thrown.
 */
import type { AttachmentListing, CallContext, FileResult, RegistrationListing, RegistrationRef, UpstreamAdapter, UpstreamFailure } from "../types";
import type { FixtureStore, FixtureSubject } from "./fixtures";
import { sandboxRegistry } from "./registry";
import { historyCertificateMissing, isHistorySubject } from "./history";
import { partialFate, scenarioOf } from "./scenario";

export interface SandboxOptions {
  fixtures?: FixtureStore;
  /** How long every call of a 慢 subject takes (default 1000 ms; tests make it small). */
  slowCallMs?: number;
  /** Attempts on which a 排队 subject's listing is still busy: attempts 1 .. busyAttempts (default 2). */
  busyAttempts?: number;
}

const fail = (kind: UpstreamFailure["kind"], retryAfterSeconds?: number): UpstreamFailure =>
  retryAfterSeconds === undefined ? { ok: false, kind } : { ok: false, kind, retryAfterSeconds };

/** Sleep that ends early (false) when the call is aborted. */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(true), ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve(false)), { once: true });
  });
}

/**
 * Files of an unavailable fixture cannot be had. A quarantined one's files are handed to the service
 * like any other (sandbox-upstream.md: "data quarantined ... downloads refused"): the service reads
 * and parses them, and it is the open API that refuses to hand them on (403 SOURCE_QUARANTINED).
 */
function modeFailure(mode: FixtureSubject["mode"]): UpstreamFailure | null {
  return mode === "unavailable" ? fail("unavailable") : null;
}

function file(fileName: string, mimeType: string, body: Uint8Array): FileResult {
  return { ok: true, fileName, mimeType, body, size: body.byteLength };
}

export class SandboxUpstream implements UpstreamAdapter {
  private readonly slowCallMs: number;
  private readonly busyAttempts: number;

  constructor(private readonly options: SandboxOptions = {}) {
    this.slowCallMs = options.slowCallMs ?? 1000;
    this.busyAttempts = options.busyAttempts ?? 2;
  }

  /** The 慢 marker: every call takes slowCallMs. False when aborted meanwhile. */
  private async pace(subjectName: string, ctx: CallContext): Promise<boolean> {
    return scenarioOf(subjectName).slow ? wait(this.slowCallMs, ctx.signal) : !ctx.signal?.aborted;
  }

  async listRegistrations(subjectName: string, ctx: CallContext): Promise<RegistrationListing> {
    if (!(await this.pace(subjectName, ctx))) return fail("transient");
    const fixture = await this.options.fixtures?.getSubject(subjectName);
    if (fixture) {
      if (fixture.mode === "unavailable") return fail("unavailable");
      const registrations = fixture.registrations.map((r) => ({ ...r, summary: r.summary ?? {} }));
      return { ok: true, registrations, sourceStatus: fixture.mode === "quarantined" ? "quarantined" : "available" };
    }
    const scenario = scenarioOf(subjectName);
    if (scenario.unavailable) return fail("unavailable");
    if (scenario.busy && ctx.attempt <= this.busyAttempts) return fail("busy", 1);
    const registrations = sandboxRegistry.listing(subjectName);
    return { ok: true, registrations, sourceStatus: scenario.quarantined ? "quarantined" : "available" };
  }

  async fetchCertificate(ref: RegistrationRef, ctx: CallContext): Promise<FileResult> {
    if (!(await this.pace(ref.subjectName, ctx))) return fail("transient");
    const fileName = `${ref.certificateNumber}.pdf`;
    const fixture = await this.options.fixtures?.getSubject(ref.subjectName);
    if (fixture) {
      const refused = modeFailure(fixture.mode);
      if (refused) return refused;
      const uploaded = await this.options.fixtures?.getCertificate(ref.certificateNumber);
      return uploaded ? file(fileName, "application/pdf", uploaded) : fail("missing");
    }
    const scenario = scenarioOf(ref.subjectName);
    if (scenario.unavailable) return fail("unavailable");
    const found = sandboxRegistry.find(ref.subjectName, ref.certificateNumber);
    if (!found) return fail("missing");
    const index = found.registration.skeleton.index;
    const fate = scenario.partial ? partialFate(index) : isHistorySubject(ref.subjectName) && historyCertificateMissing(index) ? "missing" : "ok";
    if (fate === "missing") return fail("missing");
    const bytes = await sandboxRegistry.certificatePdf(ref.subjectName, ref.certificateNumber);
    if (!bytes) return fail("missing");
    // A transfer cut short: the head of a real PDF, without its cross-reference table and %%EOF.
    if (fate === "corrupt") return file(fileName, "application/pdf", bytes.slice(0, Math.floor(bytes.length * 0.6)));
    return file(fileName, "application/pdf", bytes);
  }

  async listAttachments(ref: RegistrationRef, ctx: CallContext): Promise<AttachmentListing> {
    if (!(await this.pace(ref.subjectName, ctx))) return fail("transient");
    const fixtures = this.options.fixtures;
    const fixture = await fixtures?.getSubject(ref.subjectName);
    if (fixtures && fixture) {
      return modeFailure(fixture.mode) ?? { ok: true, attachments: await fixtures.listAttachments(ref.certificateNumber) };
    }
    const blocked = await this.blocked(ref);
    if (blocked) return blocked;
    const truth = sandboxRegistry.find(ref.subjectName, ref.certificateNumber);
    if (!truth) return fail("missing");
    return { ok: true, attachments: truth.registration.attachments.map((a) => ({ fileName: a.fileName, mimeType: a.mimeType })) };
  }

  async fetchAttachment(ref: RegistrationRef, fileName: string, ctx: CallContext): Promise<FileResult> {
    if (!(await this.pace(ref.subjectName, ctx))) return fail("transient");
    const fixtures = this.options.fixtures;
    const fixture = await fixtures?.getSubject(ref.subjectName);
    if (fixtures && fixture) {
      const refused = modeFailure(fixture.mode);
      if (refused) return refused;
      const a = await fixtures.getAttachment(ref.certificateNumber, fileName);
      return a ? file(fileName, a.mimeType, a.bytes) : fail("missing");
    }
    const blocked = await this.blocked(ref);
    if (blocked) return blocked;
    const a = await sandboxRegistry.attachment(ref.subjectName, ref.certificateNumber, fileName);
    return a ? file(fileName, a.mimeType, a.bytes) : fail("missing");
  }

  /** Generated subjects whose files cannot be had (a quarantined subject's can: see modeFailure). */
  private async blocked(ref: RegistrationRef): Promise<UpstreamFailure | null> {
    return scenarioOf(ref.subjectName).unavailable ? fail("unavailable") : null;
  }
}
