/**
 * @module A gateway's 200 file answer as an UpstreamFile: the body stays a stream; `size` comes from
 * Content-Length and `sha256` from X-Content-SHA256 (or an RFC 9530 Repr-Digest / RFC 3230 Digest), so
 * the pipeline verifies the bytes as it stores them.
 */
import { toHex } from "../../lib/crypto";
import type { UpstreamFile } from "../types";
import { GATEWAY_HEADERS } from "./contract";

export function fileOfResponse(response: Response, fallback: { fileName: string; mimeType: string }): UpstreamFile {
  const headers = response.headers;
  const size = byteLength(headers);
  const sha256 = claimedSha256(headers);
  const mimeType = (headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase() || fallback.mimeType;
  const file: UpstreamFile = {
    ok: true,
    fileName: dispositionFileName(headers.get("Content-Disposition")) ?? fallback.fileName,
    mimeType: mimeType === "application/octet-stream" ? fallback.mimeType : mimeType,
    body: response.body ?? new Uint8Array(0),
  };
  if (size !== undefined) file.size = size;
  if (sha256 !== undefined) file.sha256 = sha256;
  return file;
}

/** Content-Length, unless the body was re-encoded on the way (then it counts other bytes). */
function byteLength(headers: Headers): number | undefined {
  const encoding = headers.get("Content-Encoding");
  if (encoding && encoding.toLowerCase() !== "identity") return undefined;
  const value = headers.get("Content-Length");
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

export function claimedSha256(headers: Headers): string | undefined {
  const hex = headers.get(GATEWAY_HEADERS.sha256)?.trim();
  if (hex && /^[0-9a-fA-F]{64}$/.test(hex)) return hex.toLowerCase();
  // RFC 9530: sha-256=:<base64>: among other dictionary members.
  const repr = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(headers.get(GATEWAY_HEADERS.reprDigest) ?? "");
  // RFC 3230 (obsoleted by RFC 9530, still common): SHA-256=<base64>.
  const legacy = /(?:^|,)\s*sha-256=([A-Za-z0-9+/=]+)/i.exec(headers.get("Digest") ?? "");
  const base64 = repr?.[1] ?? legacy?.[1];
  if (!base64) return undefined;
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return bytes.length === 32 ? toHex(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** filename* (RFC 6266 / RFC 8187, UTF-8) first, then a plain quoted filename. */
export function dispositionFileName(value: string | null): string | undefined {
  if (!value) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(value);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;\s]+)/i.exec(value);
  return plain?.[1] ?? plain?.[2] ?? undefined;
}
