/** @module Bringing an upstream file into R2: bytes, SHA-256 (checked against the upstream's claim), size. */
import { sha256Hex } from "../worker/lib/crypto";
import type { UpstreamFile } from "../worker/upstream/types";

export interface StoredFile {
  bytes: Uint8Array;
  sha256: string;
  size: number;
}

export type StoreResult = { ok: true; file: StoredFile } | { ok: false; reason: "hash_mismatch" | "truncated" };

export async function readAll(body: Uint8Array | ReadableStream<Uint8Array>): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

/**
 * Stores the file at `key`. The same key on a redelivered message overwrites the same object, so
 * nothing is stored twice. The bytes are kept in memory because the PDF parser needs all of them.
 */
export async function storeFile(bucket: R2Bucket, key: string, file: UpstreamFile): Promise<StoreResult> {
  const bytes = await readAll(file.body);
  if (file.size !== undefined && bytes.byteLength !== file.size) return { ok: false, reason: "truncated" };
  const sha256 = await sha256Hex(bytes);
  if (file.sha256 && file.sha256.toLowerCase() !== sha256) return { ok: false, reason: "hash_mismatch" };
  await bucket.put(key, bytes, { httpMetadata: { contentType: file.mimeType }, sha256 });
  return { ok: true, file: { bytes, sha256, size: bytes.byteLength } };
}

/** Deterministic document ids: a redelivered step writes the same rows and objects again. */
export async function documentIdFor(registrationId: string, kind: "certificate" | "attachment", ordinal: number): Promise<string> {
  return `doc_${(await sha256Hex(`${registrationId}/${kind}/${ordinal}`)).slice(0, 20)}`;
}
