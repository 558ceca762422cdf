#!/usr/bin/env node
/**
 * registry-check: the open API's CLI (cli/main.ts). Node 22.18 or later runs the TypeScript
 * sources as they are (type stripping); `npx registry-check` in this project uses the project's
 * own Node 22 (node_modules/.bin/node).
 */
import { createWriteStream } from "node:fs";
import { once } from "node:events";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`registry-check needs Node 22.18 or later (this is ${process.version}); run it with npx in the project.`);
  process.exit(2);
}

const { main } = await import("../cli/main.ts");

/** A file for `download -o`: written through a stream, closed once and only once. */
async function openFile(path) {
  const stream = createWriteStream(path);
  await once(stream, "open");
  return {
    write: (chunk) => (stream.write(chunk) ? undefined : once(stream, "drain").then(() => undefined)),
    close: () => new Promise((resolve, reject) => stream.end((error) => (error ? reject(error) : resolve()))),
  };
}

const controller = new AbortController();
process.once("SIGINT", () => controller.abort(new Error("interrupted")));

const code = await main(process.argv.slice(2), {
  stdout: { write: (text) => process.stdout.write(text), isTTY: Boolean(process.stdout.isTTY) },
  stderr: { write: (text) => process.stderr.write(text), isTTY: Boolean(process.stderr.isTTY), columns: process.stderr.columns },
  stdoutBytes: { write: (chunk) => (process.stdout.write(chunk) ? undefined : once(process.stdout, "drain").then(() => undefined)) },
  env: process.env,
  openFile,
  signal: controller.signal,
});
process.exitCode = code;
