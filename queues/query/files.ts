/** @module Bringing an upstream file into R2: bytes, SHA-256 (checked against the upstream's claim), size. */
import { sha256Hex, toHex } from "../../worker/lib/crypto";
import type { UpstreamFile } from "../../worker/upstream/types";

export interface StoredFile {
  bytes: Uint8Array;
  sha256: string;
  size: number;
}

/** A file stored without being held in memory: what is known of it without its bytes. */
export type StreamedFile = Omit<StoredFile, "bytes">;

export type StoreResult = { ok: true; file: StoredFile } | { ok: false; reason: "hash_mismatch" | "truncated" };
export type StreamResult = { ok: true; file: StreamedFile } | { ok: false; reason: "hash_mismatch" | "truncated" };

export async function readAll(body: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * Stores the file at `key`. The same key on a redelivered message overwrites the same object, so
 * nothing is stored twice. The bytes are kept in memory because the PDF parser needs all of them.
 * A body that breaks off (a dropped connection, a timed-out transfer) counts as truncated.
 */
export async function storeFile(bucket: R2Bucket, key: string, file: UpstreamFile): Promise<StoreResult> {
  let bytes: Uint8Array;
  try {
    bytes = await readAll(file.body);
  } catch {
    return { ok: false, reason: "truncated" };
  }
  if (file.size !== undefined && bytes.byteLength !== file.size) return { ok: false, reason: "truncated" };
  const sha256 = await sha256Hex(bytes);
  if (file.sha256 && file.sha256.toLowerCase() !== sha256) return { ok: false, reason: "hash_mismatch" };
  await bucket.put(key, bytes, { httpMetadata: { contentType: file.mimeType }, sha256 });
  return { ok: true, file: { bytes, sha256, size: bytes.byteLength } };
}

/**
 * Stores a file that nothing reads afterwards (an image attachment) without holding it in memory: the
 * body is teed into R2 through a FixedLengthStream of the announced size and into an incremental
 * SHA-256. R2 is given the claimed hash, so it refuses bytes that do not match instead of storing
 * them. Without an announced size (or with bytes already in memory) it falls back to storeFile.
 */
export async function streamFile(bucket: R2Bucket, key: string, file: UpstreamFile): Promise<StreamResult> {
  if (file.size === undefined || file.body instanceof Uint8Array) {
    const stored = await storeFile(bucket, key, file);
    return stored.ok ? { ok: true, file: { sha256: stored.file.sha256, size: stored.file.size } } : stored;
  }
  const claimed = file.sha256?.toLowerCase();
  const [toBucket, toDigest] = file.body.tee();
  const sized = new FixedLengthStream(file.size);
  const digest = new crypto.DigestStream("SHA-256");
  // Observed at once: an aborted digest rejects, and nobody else would ever look at it.
  const value = digest.digest.then(
    (d) => toHex(new Uint8Array(d)),
    () => null,
  );
  const hashed = toDigest.pipeTo(digest).then(
    () => value,
    () => null,
  );
  const piped = toBucket.pipeTo(sized.writable).then(
    () => true,
    () => false,
  );
  const put = bucket.put(key, sized.readable, { httpMetadata: { contentType: file.mimeType }, ...(claimed ? { sha256: claimed } : {}) }).then(
    () => true,
    () => false,
  );
  const [sha256, complete, stored] = await Promise.all([hashed, piped, put]);
  if (sha256 !== null && claimed && sha256 !== claimed) return { ok: false, reason: "hash_mismatch" };
  if (sha256 === null || !complete || !stored) return { ok: false, reason: "truncated" };
  return { ok: true, file: { sha256, size: file.size } };
}

/** Deterministic document ids: a redelivered step writes the same rows and objects again. */
export async function documentIdFor(registrationId: string, kind: "certificate" | "attachment", ordinal: number): Promise<string> {
  return `doc_${(await sha256Hex(`${registrationId}/${kind}/${ordinal}`)).slice(0, 20)}`;
}
