/**
 * @module The Range header of a download, decided against the known size before storage is touched
 * (RFC 9110 §14): one byte range only; suffix (`-500`) and open (`100-`) forms; an end past the file
 * is clamped; a range that starts past the end is unsatisfiable (416 with `bytes * /size`).
 */

export type RangeDecision =
  { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable"; reason: "out_of_range" | "malformed" | "multiple" };

const SPEC = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (header === undefined || header.trim() === "") return { kind: "full" };
  const eq = header.indexOf("=");
  // Another unit than bytes: not ours to honour; the whole file is the answer (RFC 9110 §14.2).
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== "bytes")
    return eq < 0 ? { kind: "unsatisfiable", reason: "malformed" } : { kind: "full" };
  const specs = header.slice(eq + 1).split(",");
  if (specs.length > 1) return { kind: "unsatisfiable", reason: "multiple" };
  const match = SPEC.exec(specs[0]!);
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "unsatisfiable", reason: "malformed" };
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix) || suffix === 0 || size === 0) return { kind: "unsatisfiable", reason: "out_of_range" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: "unsatisfiable", reason: "malformed" };
  if (end < start) return { kind: "unsatisfiable", reason: "malformed" };
  if (start >= size) return { kind: "unsatisfiable", reason: "out_of_range" };
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}

/** If-Range (RFC 9110 §13.1.5): the range applies only while the representation is the one named (strong ETag). */
export function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag;
}
