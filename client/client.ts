/**
 * @module A typed client of the open API (open-api-v1.md): one method per endpoint, a fresh
 * Idempotency-Key per creation (kept across its retries), validated tasks, and waiting helpers.
 */
import { copyTo, download, type ChunkSink, type CopyOptions, type Download, type DownloadOptions } from "./download.ts";
import { Transport, type TransportOptions } from "./http.ts";
import { pollRounds, type PollClock, type PollOptions } from "./polling.ts";
import type {
  AcceptedQueries,
  Check,
  CheckPage,
  CheckResult,
  CheckResultNavigation,
  CheckResultPage,
  CreateCheckRequest,
  Entitlements,
  EvidenceLocations,
  ListOptions,
  Query,
  QueryPage,
  Registration,
  RegistrationPage,
  RegistrationSummary,
  ResultFilter,
} from "./types.ts";
import { checkCheck, checkQuery, isCheckTerminal, isQueryTerminal } from "./validate.ts";

export interface ClientOptions extends TransportOptions {
  /** Idempotency-Key of a new intent. Default crypto.randomUUID(). */
  newIdempotencyKey?: () => string;
  now?: () => number;
}

export interface CreateOptions {
  /** Reuse the key of an earlier attempt at the same intent (e.g. after a crash); default: a fresh UUID. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface WaitOptions<T> extends PollOptions {
  /** Every read of a task while waiting, the terminal one included. */
  onUpdate?: (task: T) => void;
}

export interface CheckWaitOptions extends WaitOptions<Check> {
  /** The check's source query at each round while the check runs: its document progress. */
  onSourceQuery?: (query: Query) => void;
}

const enc = encodeURIComponent;

export class RegistryClient {
  readonly transport: Transport;
  private readonly newKey: () => string;
  private readonly clock: PollClock;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
    this.clock = { sleep: this.transport.sleep, now: options.now ?? Date.now };
  }

  getEntitlements(signal?: AbortSignal): Promise<Entitlements> {
    return this.transport.json({ method: "GET", path: "/account/entitlements", ...(signal ? { signal } : {}) });
  }

  /** POST /queries: one intent, one key, however many attempts it takes. */
  async createQueries(subjectNames: string[], options: CreateOptions = {}): Promise<AcceptedQueries> {
    const accepted = await this.transport.json<AcceptedQueries>({
      method: "POST",
      path: "/queries",
      body: { subjectNames },
      idempotencyKey: options.idempotencyKey ?? this.newKey(),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return { ...accepted, queries: accepted.queries.map((q) => checkQuery(q)) };
  }

  async getQuery(id: string, signal?: AbortSignal): Promise<Query> {
    return checkQuery(await this.transport.json({ method: "GET", path: `/queries/${enc(id)}`, ...(signal ? { signal } : {}) }), id);
  }

  async listQueries(options: ListOptions & { status?: Query["status"] } = {}): Promise<QueryPage> {
    const page = await this.transport.json<QueryPage>({ method: "GET", path: "/queries", query: { ...options } });
    return { ...page, items: page.items.map((q) => checkQuery(q)) };
  }

  listRegistrations(queryId: string, options: ListOptions & { parseStatus?: RegistrationSummary["parseStatus"][] } = {}): Promise<RegistrationPage> {
    return this.transport.json({ method: "GET", path: `/queries/${enc(queryId)}/registrations`, query: { ...options } });
  }

  getRegistration(queryId: string, registrationId: string): Promise<Registration> {
    return this.transport.json({ method: "GET", path: `/queries/${enc(queryId)}/registrations/${enc(registrationId)}` });
  }

  /** POST /checks: one intent, one key, however many attempts it takes. */
  async createCheck(request: CreateCheckRequest, options: CreateOptions = {}): Promise<Check> {
    return checkCheck(
      await this.transport.json({
        method: "POST",
        path: "/checks",
        body: request,
        idempotencyKey: options.idempotencyKey ?? this.newKey(),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
  }

  async getCheck(id: string, signal?: AbortSignal): Promise<Check> {
    return checkCheck(await this.transport.json({ method: "GET", path: `/checks/${enc(id)}`, ...(signal ? { signal } : {}) }), id);
  }

  async listChecks(options: ListOptions & { status?: Check["status"] } = {}): Promise<CheckPage> {
    const page = await this.transport.json<CheckPage>({ method: "GET", path: "/checks", query: { ...options } });
    return { ...page, items: page.items.map((c) => checkCheck(c)) };
  }

  listCheckResults(checkId: string, options: ResultFilter & Omit<ListOptions, "search"> = {}): Promise<CheckResultPage> {
    return this.transport.json({ method: "GET", path: `/checks/${enc(checkId)}/results`, query: { ...options } });
  }

  getCheckResult(checkId: string, registrationId: string): Promise<CheckResult> {
    return this.transport.json({ method: "GET", path: `/checks/${enc(checkId)}/results/${enc(registrationId)}` });
  }

  getCheckResultNavigation(checkId: string, registrationId: string, filter: ResultFilter = {}): Promise<CheckResultNavigation> {
    return this.transport.json({ method: "GET", path: `/checks/${enc(checkId)}/results/${enc(registrationId)}/navigation`, query: { ...filter } });
  }

  getEvidenceLocations(checkId: string, registrationId: string, documentId: string, pageNumber: number): Promise<EvidenceLocations> {
    return this.transport.json({
      method: "GET",
      path: `/checks/${enc(checkId)}/results/${enc(registrationId)}/evidence-locations`,
      query: { documentId, pageNumber },
    });
  }

  /** The file's response, its body unread. `idOrUrl`: a document id or a `url` / `pdfUrl` from a response. */
  download(idOrUrl: string, options: DownloadOptions = {}): Promise<Download> {
    return download(this.transport, this.documentPath(idOrUrl), options);
  }

  /** Streams the file (or a range) into `sink`, resuming after a broken connection. */
  downloadTo(idOrUrl: string, sink: ChunkSink, options: CopyOptions = {}) {
    return copyTo(this.transport, this.documentPath(idOrUrl), sink, options);
  }

  /** Polls one query until its executionStatus is terminal. */
  async waitForQuery(id: string, options: WaitOptions<Query> = {}): Promise<Query> {
    const [query] = await this.waitForQueries([id], options);
    return query!;
  }

  /**
   * Polls queries until each is terminal. Several are read with one list request per round when
   * they are on its first page (fewer requests against the rate limit), the rest one by one.
   */
  async waitForQueries(ids: readonly string[], options: WaitOptions<Query> = {}): Promise<Query[]> {
    const latest = new Map<string, Query>();
    await pollRounds(
      ids,
      async (pending) => {
        const seen = new Map<string, Query>();
        if (pending.length > 1) {
          const page = await this.listQueries({ pageSize: 100 });
          for (const q of page.items) if (pending.includes(q.id)) seen.set(q.id, q);
        }
        for (const id of pending) if (!seen.has(id)) seen.set(id, await this.getQuery(id, options.signal));
        for (const [id, q] of seen) {
          latest.set(id, q);
          options.onUpdate?.(q);
        }
        return pending.filter((id) => !isQueryTerminal(seen.get(id)!));
      },
      options,
      this.clock,
    );
    return ids.map((id) => latest.get(id)!);
  }

  /** Polls a check until its executionStatus is terminal (its status may still be review_pending). */
  async waitForCheck(id: string, options: CheckWaitOptions = {}): Promise<Check> {
    let latest: Check | undefined;
    await pollRounds(
      [id],
      async () => {
        latest = await this.getCheck(id, options.signal);
        options.onUpdate?.(latest);
        if (isCheckTerminal(latest)) return [];
        if (options.onSourceQuery) options.onSourceQuery(await this.getQuery(latest.sourceRegistryQueryId, options.signal));
        return [id];
      },
      options,
      this.clock,
    );
    return latest!;
  }

  private documentPath(idOrUrl: string): string {
    return idOrUrl.startsWith("/") ? idOrUrl : `/documents/${enc(idOrUrl)}/content`;
  }
}
