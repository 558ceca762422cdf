#!/usr/bin/env node
/**
 * @module Starts the OCR service: `npm run start:ocr`, or `node services/ocr/main.mjs`. Listens at once
 * (GET /healthz answers 503 until the models are loaded, then 200). Settings from the environment:
 *   OCR_PORT (8790, the address wrangler.toml's OCR_URL names), OCR_HOST (127.0.0.1; 0.0.0.0 in a
 *   container), OCR_TOKEN (when set, POST /v1/ocr needs `Authorization: Bearer <token>`),
 *   OCR_MAX_BYTES (20 MiB), OCR_TIMEOUT_MS (60000), OCR_WORKERS (processes reading pages side by side:
 *   the machine's cores), OCR_THREADS (ONNX threads per process: 1 with more than one worker, else the
 *   runtime's default), OCR_CONCURRENCY (recognitions at once: OCR_WORKERS), OCR_DETECT_SIDE (the
 *   detector's long side, 0 for the full page: 1280), OCR_RECOGNITION_BATCH (lines per recogniser run: 1).
 *   OCR_WORKERS=0 reads in this process.
 */
import { availableParallelism } from "node:os";
import { DETECT_LONG_SIDE, loadEngine, RECOGNITION_BATCH } from "./engine.mjs";
import { startPool } from "./pool.mjs";
import { readDocument } from "./read.mjs";
import { createOcrServer } from "./server.mjs";

const env = process.env;

/** A whole-number setting, or exit with a message naming it: a typo must not lift a limit silently. */
function setting(name, fallback, min) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number >= ${min}`);
    process.exit(2);
  }
  return value;
}

const port = setting("OCR_PORT", 8790, 1);
const host = env.OCR_HOST ?? "127.0.0.1";
const log = (line) => console.log(line);

const started = performance.now();
const workers = setting("OCR_WORKERS", availableParallelism(), 0);
const settings = {
  workers,
  threads: setting("OCR_THREADS", workers > 1 ? 1 : 0, 0) || undefined,
  detectLongSide: setting("OCR_DETECT_SIDE", DETECT_LONG_SIDE, 0),
  recognitionBatch: setting("OCR_RECOGNITION_BATCH", RECOGNITION_BATCH, 1),
};
const engine =
  workers > 0
    ? startPool(settings)
    : loadEngine(settings).then((loaded) => ({ read: (body, page) => readDocument(loaded, body, page), close: () => {} }));
engine.then(
  () => log(`models loaded in ${Math.round(performance.now() - started)} ms`),
  () => {},
);

const server = createOcrServer({
  engine,
  token: env.OCR_TOKEN || undefined,
  maxBytes: setting("OCR_MAX_BYTES", 20 * 1024 * 1024, 1),
  timeoutMs: setting("OCR_TIMEOUT_MS", 60_000, 1),
  concurrency: setting("OCR_CONCURRENCY", Math.max(1, workers), 1),
  log,
});
server.requestTimeout = 120_000;
server.on("error", (error) => {
  console.error(`cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => log(`listening on http://${host}:${port}${env.OCR_TOKEN ? " (bearer token required)" : ""}`));
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    engine.then(
      (pool) => pool.close(),
      () => {},
    );
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
