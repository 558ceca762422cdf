/**
 * @module What `npm start` passes on of wrangler dev's output: everything but a warning it answers
 * itself (wrangler's "Scheduled Workers are not automatically triggered": npm start runs the sweep),
 * and never a secret a request carried in its path or headers: wrangler logs each request's path, and
 * an invitation's token is in its path (POST /api/console/v1/invites/{token}).
 */
import { Transform } from "node:stream";

/** Invitation tokens (in a path or a URL's fragment), session cookies and CSRF tokens, replaced by "[redacted]". */
export function redactSecrets(line) {
  return line
    .replace(/(\/invites?\/|\/invite#)[A-Za-z0-9_-]{16,}/g, "$1[redacted]")
    .replace(/(__Host-session=)[^;\s]+/g, "$1[redacted]")
    .replace(/(X-CSRF-Token:\s*)\S+/gi, "$1[redacted]");
}

/**
 * A line filter that drops each line matching `pattern` together with the block wrangler prints under
 * it: the blank and indented lines that follow, up to the next line that starts at the margin.
 */
export function withoutLines(pattern) {
  let pending = "";
  let skipping = false;
  const keep = (line) => {
    if (pattern.test(line)) skipping = true;
    else if (skipping && line.trim() !== "" && !/^\s/.test(line)) skipping = false;
    return !skipping;
  };
  return new Transform({
    transform(chunk, _encoding, done) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop();
      done(
        null,
        lines
          .filter(keep)
          .map((l) => `${redactSecrets(l)}\n`)
          .join(""),
      );
    },
    flush(done) {
      done(null, pending && keep(pending) ? redactSecrets(pending) : "");
    },
  });
}
