/** @module Bundled assets stored as gzip base64: decoded once per isolate, kept for the next request. */
const decoded = new Map<string, Uint8Array>();

export function gzipBytes(base64: string): Uint8Array {
  let bytes = decoded.get(base64);
  if (!bytes) {
    bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    decoded.set(base64, bytes);
  }
  return bytes;
}
