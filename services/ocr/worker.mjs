/**
 * @module One of the pool's processes (./pool.mjs): loads an engine with the pool's settings, then reads
 * one request at a time (./read.mjs) and answers with the reading or the error code.
 */
import { loadEngine } from "./engine.mjs";
import { OcrError } from "./errors.mjs";
import { readDocument } from "./read.mjs";

const options = JSON.parse(process.argv[2] ?? "{}");
try {
  const engine = await loadEngine(options);
  process.on("message", async ({ body, page }) => {
    try {
      process.send({ answer: await readDocument(engine, body, page) });
    } catch (error) {
      if (!(error instanceof OcrError)) console.error(`recognition failed: ${error?.stack ?? error}`);
      process.send({ error: error instanceof OcrError ? error.code : "INTERNAL" });
    }
  });
  // The parent is gone: nothing more will come.
  process.on("disconnect", () => process.exit(0));
  process.send({ ready: true });
} catch (error) {
  process.send({ error: `engine failed to load: ${error.message}` });
  process.exit(1);
}
