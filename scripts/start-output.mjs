/**
 * @module What `npm start` passes on of wrangler dev's output: everything but a warning it answers
 * itself (wrangler's "Scheduled Workers are not automatically triggered": npm start runs the sweep).
 */
import { Transform } from "node:stream";

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
          .map((l) => `${l}\n`)
          .join(""),
      );
    },
    flush(done) {
      done(null, pending && keep(pending) ? pending : "");
    },
  });
}
