/**
 * @module The OCR service beside `npm start`'s wrangler dev: a child process on OCR_PORT (8790, the
 * address wrangler.toml's OCR_URL names), its output prefixed "[ocr]", stopped with npm start. If a
 * service already answers /healthz there (another npm start), that one is used. OCR is optional for
 * the API: any failure here is a warning, never a reason for npm start to fail.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const SERVICE = new URL("../services/ocr/main.mjs", import.meta.url).pathname;

/** "ok" / "loading": our service answers; "other": something else holds the port; "down": nothing does. */
async function health(url) {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    const body = await res.json().catch(() => null);
    if (body?.engine !== "paddleocr-ppocrv4") return "other";
    return res.ok ? "ok" : "loading";
  } catch {
    return "down";
  }
}

function prefixed(stream, write) {
  createInterface({ input: stream }).on("line", (line) => write(`[ocr] ${line}\n`));
}

/**
 * @returns {{url: string, stop(): void, ready: Promise<string>}} `ready` resolves to a one-line status
 *   for the banner (never rejects).
 */
export function startOcrService(env = process.env) {
  const port = env.OCR_PORT ?? "8790";
  const url = `http://127.0.0.1:${port}`;
  let child = null;
  const stop = () => child?.exitCode === null && child.kill("SIGTERM");
  const ready = (async () => {
    const before = await health(url);
    if (before === "other") return warning(`port ${port} is taken by another program (set OCR_PORT)`);
    if (before !== "down") return `OCR service already running on ${url}: using it`;
    child = spawn(process.execPath, [SERVICE], { env: { ...env, OCR_PORT: port }, stdio: ["ignore", "pipe", "pipe"] });
    prefixed(child.stdout, (l) => process.stdout.write(l));
    prefixed(child.stderr, (l) => process.stderr.write(l));
    child.on("error", () => {});
    for (let i = 0; i < 120; i++) {
      if (child.exitCode !== null) return warning(`the OCR service exited (code ${child.exitCode})`);
      if ((await health(url)) === "ok") return `OCR service on ${url} (PaddleOCR PP-OCRv4)`;
      await new Promise((r) => setTimeout(r, 500));
    }
    return warning("the OCR service did not report healthy within 60 s");
  })().catch((error) => warning(error.message));
  return { url, stop, ready };
}

function warning(reason) {
  const text = `WARNING: ${reason}. The API runs without OCR: scanned attachments are reported unread (coverage issue). Try \`npm run start:ocr\` to see why.`;
  console.warn(`[ocr] ${text}`);
  return text;
}
