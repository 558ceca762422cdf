/**
 * @module Streamed downloads of certificate and attachment files (GET /documents/{id}/content):
 * one byte range at most (RFC 9110 §14), and a copy that resumes after a broken connection with
 * `Range` from the next byte and `If-Range` on the file's ETag, so a changed file is never spliced.
 */
import { RegistryNetworkError } from "./errors.ts";
import type { Transport } from "./http.ts";

/** `{start, end}` (end inclusive), `{start}` to the end, `{suffix}` last bytes, or a Range header value. */
export type ByteRange = { start: number; end?: number } | { suffix: number } | string;

export interface DownloadOptions {
  range?: ByteRange;
  /** An ETag from an earlier response: the range applies only while the file is unchanged. */
  ifRange?: string;
  signal?: AbortSignal;
}

export interface Download {
  /** 200 for the whole file, 206 for a range. */
  status: 200 | 206;
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes in this response. */
  contentLength: number | undefined;
  /** The range sent (206 only): first and last byte, and the whole file's size. */
  range: { start: number; end: number; size: number } | undefined;
  /** The whole file's size, when known. */
  size: number | undefined;
  etag: string | undefined;
  fileName: string | undefined;
}

/** `"0-1023"`, `"100-"`, `"-500"` or `"bytes=0-1023"` → a Range header value; objects likewise. */
export function rangeHeader(range: ByteRange): string {
  if (typeof range === "string") {
    const value = range.trim().replace(/^bytes=/, "");
    if (!/^(\d+-\d*|-\d+)$/.test(value)) throw new TypeError(`not a single byte range: ${range}`);
    return `bytes=${value}`;
  }
  if ("suffix" in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ""}`;
}

/** The file name of a Content-Disposition header, preferring RFC 8187's `filename*`. */
export function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed extended value: fall back to the plain one.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/.exec(header)?.[1];
}

function parseContentRange(header: string | null): Download["range"] {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? "");
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : undefined;
}

export async function download(transport: Transport, path: string, options: DownloadOptions = {}): Promise<Download> {
  const headers: Record<string, string> = { Accept: "*/*" };
  if (options.range !== undefined) headers.Range = rangeHeader(options.range);
  if (options.ifRange) headers["If-Range"] = options.ifRange;
  const { response } = await transport.send({ method: "GET", path, headers, ...(options.signal ? { signal: options.signal } : {}) });
  if (!response.body) throw new RegistryNetworkError(`GET ${path}: the response has no body`, { cause: undefined, attempts: 1 });
  const length = response.headers.get("Content-Length");
  const range = response.status === 206 ? parseContentRange(response.headers.get("Content-Range")) : undefined;
  const contentLength = length === null ? undefined : Number(length);
  return {
    status: response.status === 206 ? 206 : 200,
    body: response.body,
    contentType: response.headers.get("Content-Type") ?? "application/octet-stream",
    contentLength,
    range,
    size: range?.size ?? (response.status === 200 ? contentLength : undefined),
    etag: response.headers.get("ETag") ?? undefined,
    fileName: dispositionFileName(response.headers.get("Content-Disposition")),
  };
}

/** Where copied bytes go: a WritableStream's writer, a file handle wrapper, a buffer. */
export interface ChunkSink {
  write(chunk: Uint8Array): Promise<void> | void;
}

export interface CopyOptions extends DownloadOptions {
  /** Called once with the first response, before any byte is written (e.g. to open a file by its name). */
  onResponse?: (download: Download) => Promise<void> | void;
  /** Called after each chunk with the bytes written so far and the total expected. */
  onProgress?: (written: number, total: number | undefined) => void;
  /** Resumptions after a broken body. Default 3. */
  maxResumes?: number;
}

/**
 * Streams a file (or a range of it) into `sink`, resuming after a broken connection.
 * @returns the first response's metadata and the bytes written
 */
export async function copyTo(
  transport: Transport,
  path: string,
  sink: ChunkSink,
  options: CopyOptions = {},
): Promise<{ download: Download; written: number }> {
  const first = await download(transport, path, options);
  await options.onResponse?.(first);
  const start = first.range?.start ?? 0;
  const total = first.contentLength;
  let current = first;
  let written = 0;
  let resumes = 0;
  for (;;) {
    const reader = current.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await sink.write(value);
        written += value.byteLength;
        options.onProgress?.(written, total);
      }
      if (total === undefined || written >= total) return { download: first, written };
      throw new Error(`the body ended after ${written} of ${total} bytes`);
    } catch (error) {
      if (options.signal?.aborted || resumes >= (options.maxResumes ?? 3) || !first.etag) throw error;
      resumes++;
      const end = first.range?.end ?? (first.size !== undefined ? first.size - 1 : undefined);
      current = await download(transport, path, {
        range: { start: start + written, ...(end !== undefined ? { end } : {}) },
        ifRange: first.etag,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      // 200 means the file changed since the first response: its bytes cannot be appended.
      if (current.status !== 206 || current.range?.start !== start + written)
        throw new RegistryNetworkError(`GET ${path}: the file changed while resuming`, { cause: error, attempts: resumes + 1 });
    }
  }
}
