/**
 * @module The open API's TypeScript client. Runs in Node 22 (type stripping), browsers, Workers:
 *
 *   const client = new RegistryClient({ apiKey: process.env.REGISTRY_API_KEY!, baseUrl: "http://127.0.0.1:8787" });
 *   const { queries } = await client.createQueries(["上海示例供应链管理有限公司"]);
 *   const done = await client.waitForQuery(queries[0]!.id, { onUpdate: (q) => console.log(q.processedDocumentCount) });
 */
export { RegistryClient, type ClientOptions, type CreateOptions, type WaitOptions, type CheckWaitOptions } from "./client.ts";
export { RegistryApiError, RegistryNetworkError, UnexpectedResponseError, PollDeadlineError } from "./errors.ts";
export {
  Transport,
  DEFAULT_BASE_URL,
  API_PREFIX,
  defaultSleep,
  retryAfterSeconds,
  type FetchLike,
  type Sleep,
  type TransportOptions,
} from "./http.ts";
export { POLL_DEFAULTS, pollIntervals, type PollOptions } from "./polling.ts";
export {
  rangeHeader,
  dispositionFileName,
  type ByteRange,
  type ChunkSink,
  type Download,
  type DownloadOptions,
  type CopyOptions,
} from "./download.ts";
export { checkCheck, checkQuery, isCheckTerminal, isQueryTerminal, QUERY_TERMINAL, CHECK_TERMINAL } from "./validate.ts";
export type * from "./types.ts";
