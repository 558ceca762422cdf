/** @module Helpers for tests that talk to the registry gateway stub (gateway-stub/server.mjs) started by the gateway project. */
import { env } from "cloudflare:workers";
import { HttpUpstream, type HttpUpstreamOptions } from "../worker/upstream/http";

export interface StubRequest {
  route: string;
  subject: string | null;
  requestId: string;
  attempt: number | null;
  status: number | null;
  fault: string | null;
}

/** An adapter pointed at the stub, with quick in-call back-off so tests stay fast. */
export function gatewayUpstream(options: Partial<HttpUpstreamOptions> = {}): HttpUpstream {
  return new HttpUpstream({ url: env.UPSTREAM_URL, token: env.UPSTREAM_TOKEN, retryBaseMs: 5, ...options });
}

/** A subject of its own, so that stub rules and journal entries of concurrent tests never mix. */
export function uniqueSubject(marker = ""): string {
  return `网关${marker}测试${crypto.randomUUID().slice(0, 8)}有限公司`;
}

/** Plays `fault` (faults.mjs syntax) on the next `times` requests for `subject` (on one route if given). */
export async function injectFault(subject: string, fault: string, options: { times?: number; route?: string } = {}): Promise<void> {
  const res = await fetch(`${env.UPSTREAM_URL}/_stub/faults`, { method: "POST", body: JSON.stringify({ subject, fault, ...options }) });
  if (res.status !== 201) throw new Error(`stub refused the fault: ${res.status}`);
}

/** What the stub was asked for this subject, oldest first. */
export async function stubRequests(subject: string): Promise<StubRequest[]> {
  const res = await fetch(`${env.UPSTREAM_URL}/_stub/requests?subject=${encodeURIComponent(subject)}`);
  return ((await res.json()) as { requests: StubRequest[] }).requests;
}
