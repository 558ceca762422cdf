#!/usr/bin/env node
/**
 * @module Starts the OCR service: `npm run start:ocr`, or `node services/ocr/main.mjs`. Listens at once
 * (GET /healthz answers 503 until the models are loaded, then 200). Settings from the environment:
 *   OCR_PORT (8790, the address wrangler.toml's OCR_URL names), OCR_HOST (127.0.0.1; 0.0.0.0 in a
 *   container), OCR_TOKEN (when set, POST /v1/ocr needs `Authorization: Bearer <token>`),
 *   OCR_MAX_BYTES (20 MiB), OCR_TIMEOUT_MS (60000), OCR_CONCURRENCY (1), OCR_THREADS (ONNX threads per
 *   recognition; the runtime's default when unset).
 */
import { loadEngine } from "./engine.mjs";
import { createOcrServer } from "./server.mjs";

const env = process.env;
const port = Number(env.OCR_PORT ?? 8790);
const host = env.OCR_HOST ?? "127.0.0.1";
const log = (line) => console.log(line);

const started = performance.now();
const engine = loadEngine({ threads: env.OCR_THREADS ? Number(env.OCR_THREADS) : undefined });
engine.then(() => log(`models loaded in ${Math.round(performance.now() - started)} ms`), () => {});

const server = createOcrServer({
  engine,
  token: env.OCR_TOKEN || undefined,
  maxBytes: Number(env.OCR_MAX_BYTES ?? 20 * 1024 * 1024),
  timeoutMs: Number(env.OCR_TIMEOUT_MS ?? 60_000),
  concurrency: Number(env.OCR_CONCURRENCY ?? 1),
  log,
});
server.requestTimeout = 120_000;
server.on("error", (error) => {
  console.error(`cannot listen on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => log(`listening on http://${host}:${port}${env.OCR_TOKEN ? " (bearer token required)" : ""}`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)) && setTimeout(() => process.exit(0), 2000).unref());
