/**
 * @module Helpers for the node tests that run the registry connector against the replica of the
 * registry's services: a connector per test with its log captured, listings, the replica's journal and
 * its behaviour (services/registry-connector/replica/behaviour.mjs).
 */
import { expect } from "vitest";
import { startConnector, type ConnectorSettings, type RunningConnector } from "../../services/registry-connector/connector.mjs";
import type { Replica } from "../../services/registry-connector/replica/server.mjs";

export const TOKEN = `con_${crypto.randomUUID()}`;
const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };

export interface ReplicaCall {
  operation: string;
  outcome: string;
  debttype?: string;
}
export interface ListingAnswer {
  status: number;
  retryAfter: string | null;
  body: { code?: string; registrations?: { certificateNumber: string }[] };
}

export class DirectRig {
  readonly logs: string[] = [];
  readonly subjects = new Set<string>();
  readonly #running: RunningConnector[] = [];

  constructor(readonly replica: Replica) {}

  async connector(overrides: Partial<ConnectorSettings> = {}): Promise<RunningConnector> {
    const started = await startConnector(
      {
        baseUrl: this.replica.servicesUrl,
        publicKey: this.replica.publicKey,
        account: this.replica.account,
        token: TOKEN,
        sessions: 2,
        timeoutMs: 5_000,
        port: 0,
        host: "127.0.0.1",
        ...overrides,
      },
      { write: (line) => this.logs.push(line) },
    );
    this.#running.push(started);
    return started;
  }

  /** A subject of its own for a test (the sandbox generates registrations for any name). */
  subject(marker = "", suffix = "有限公司"): string {
    const name = `测试${marker}${crypto.randomUUID().slice(0, 8)}${suffix}`;
    this.subjects.add(name);
    return name;
  }

  async listing(c: RunningConnector, name: string): Promise<ListingAnswer> {
    const res = await fetch(`${c.url}/v1/listings`, { method: "POST", headers, body: JSON.stringify({ subject: name }) });
    return { status: res.status, retryAfter: res.headers.get("Retry-After"), body: (await res.json()) as ListingAnswer["body"] };
  }

  file(c: RunningConnector, name: string, path: string): Promise<Response> {
    return fetch(`${c.url}/v1/registrations/${path}`, { headers: { ...headers, "X-Subject": encodeURIComponent(name) } });
  }

  async calls(): Promise<ReplicaCall[]> {
    return ((await (await fetch(`${this.replica.url}/_replica/calls`)).json()) as { calls: ReplicaCall[] }).calls;
  }

  /** The replica's calls made while `run` runs. */
  async callsDuring(run: () => Promise<unknown>): Promise<ReplicaCall[]> {
    const before = (await this.calls()).length;
    await run();
    return (await this.calls()).slice(before);
  }

  async behave(change: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${this.replica.url}/_replica/behaviour`, { method: "PUT", body: JSON.stringify(change) });
    expect(res.status).toBe(200);
  }

  /** The replica's default behaviour again, and the connectors closed. */
  async reset(): Promise<void> {
    await this.behave({
      sessions: "several",
      expiryText: "登录令牌已失效，请重新登录",
      tokens: "normal",
      tokenTtlMs: 30 * 60_000,
      login: "token",
      debtTypes: "any",
      codes: { organisation: "1000", person: "2000", "individual-business": "3000" },
      listing: "normal",
      listingCap: 3,
    });
    await Promise.all(this.#running.splice(0).map((c) => c.close()));
  }

  logsDuring(from: number): string[] {
    return this.logs.slice(from);
  }
}
