/**
 * @module The type a stored file is served in. A registration's attachments come as the registry holds
 * them, in whatever type the filer declared: a file of a type a browser would run (text/html, SVG with
 * its scripts, XML with a stylesheet) must never run on our origin, whichever door serves it. A file of
 * a known document or image type goes out in its type; any other as application/octet-stream (the
 * browser saves it, never renders it). Every file also goes out with `Content-Security-Policy:
 * sandbox` and as an attachment (documents/content.ts): were a browser to render one anyway, it would
 * render it in a unique origin with no script, no form and no access to the console's cookies.
 */

/** Types a browser renders without running anything of the file's (or does not render at all). */
const SAFE_TYPES: ReadonlySet<string> = new Set([
  "application/pdf",
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/tiff",
  "image/bmp",
  "application/ofd",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/zip",
]);

export const UNTRUSTED_FILE_TYPE = "application/octet-stream";

/** The policy every served file carries: rendered at all, it is rendered sandboxed, with nothing loaded. */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** The Content-Type a file declared as `declared` is served with. */
export function servedFileType(declared: string): string {
  const type = declared.split(";")[0]!.trim().toLowerCase();
  return SAFE_TYPES.has(type) ? type : UNTRUSTED_FILE_TYPE;
}
