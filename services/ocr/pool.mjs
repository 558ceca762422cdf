/**
 * @module Pages spread over the machine's cores: `workers` child processes (./worker.mjs), each with
 * its own engine on `threads` ONNX threads, each reading one request at a time (decode, detection,
 * recognition, words: all of a page's CPU work). One process on every core with one thread each reads
 * more pages per second than one process whose ONNX runs span the cores: the work around the model
 * runs (decoding, cutting lines, finding words) is single-threaded JavaScript, and a model run of one
 * text line is too small to split well (docs/ocr.md "Settings"). A child that dies is replaced; the
 * request it held fails as INTERNAL (the Worker retries it).
 */
import { fork } from "node:child_process";
import { OcrError } from "./errors.mjs";

const WORKER = new URL("./worker.mjs", import.meta.url);

/**
 * @param {{workers: number, threads?: number, detectLongSide?: number, recognitionBatch?: number}} options
 * @returns {Promise<{read(body: Uint8Array, page: string | null): Promise<object>, close(): void}>} once every child has its models
 */
export async function startPool(options) {
  const idle = [];
  const queue = [];
  let closing = false;

  const spawnChild = () =>
    new Promise((resolve, reject) => {
      const child = fork(WORKER, [JSON.stringify(options)], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
      const state = { child, job: null };
      child.once("message", (first) => (first?.ready ? resolve(state) : reject(new Error(first?.error ?? "OCR worker failed to start"))));
      child.on("message", (message) => {
        if (!message || message.ready || !state.job) return;
        const { resolve: done, reject: fail } = state.job;
        state.job = null;
        if (message.error) fail(new OcrError(message.error));
        else done(message.answer);
        release(state);
      });
      child.once("exit", () => {
        if (state.job) state.job.reject(new OcrError("INTERNAL", "The OCR worker stopped."));
        state.job = null;
        const at = idle.indexOf(state);
        if (at >= 0) idle.splice(at, 1);
        if (!closing) spawnChild().then(release, () => {});
      });
    });

  function release(state) {
    const next = queue.shift();
    if (next) run(state, next);
    else idle.push(state);
  }

  function run(state, job) {
    state.job = job;
    state.child.send({ body: job.body, page: job.page });
  }

  const started = await Promise.all(Array.from({ length: Math.max(1, options.workers) }, spawnChild));
  idle.push(...started);
  return {
    read(body, page) {
      return new Promise((resolve, reject) => {
        const job = { body, page, resolve, reject };
        const state = idle.shift();
        if (state) run(state, job);
        else queue.push(job);
      });
    },
    close() {
      closing = true;
      for (const { child } of started) child.kill();
    },
  };
}
