/**
 * The real OCR service (services/ocr, as `npm run start:ocr` starts it) for a benchmark or a browser
 * test: a child process on a pinned port, with what it costs the machine (resident memory from
 * /proc/<pid>/status, CPU seconds from /proc/<pid>/stat) and how long its models took to load.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const SERVICE = new URL("../../services/ocr/main.mjs", import.meta.url).pathname;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Linux clock ticks per second (USER_HZ): 100 on every mainstream kernel build. */
const TICKS = 100;

/**
 * @param {{ port: number, env?: Record<string, string>, healthyWithinMs?: number }} options `healthyWithinMs`
 *   (default 600 s): how long its models may take to load; a pool loads one pair per core, and on a
 *   loaded machine that took longer than two minutes
 * @returns {Promise<{ url: string, pid: number, readyMs: number, modelsMs: number | null,
 *   memory(): { rssMb: number, peakMb: number }, cpuSeconds(): number, stop(): void }>}
 */
export async function startOcrService({ port, env = {}, healthyWithinMs = 600_000 }) {
  const url = `http://127.0.0.1:${port}`;
  try {
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
    throw new Error(`port ${port} already answers: stop what runs there first`);
  } catch (error) {
    if (error.message.startsWith("port")) throw error;
  }
  const started = performance.now();
  const child = spawn(process.execPath, [SERVICE], { env: { ...process.env, ...env, OCR_PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  process.on("exit", stop);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`OCR service exited (${child.exitCode}): ${output.slice(-500)}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > healthyWithinMs) {
      stop();
      throw new Error(`OCR service not healthy within ${healthyWithinMs / 1000} s`);
    }
    await sleep(100);
  }
  const readyMs = performance.now() - started;
  const logged = /models loaded in (\d+) ms/.exec(output);
  const status = () => readFileSync(`/proc/${child.pid}/status`, "utf8");
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? NaN);
  return {
    url,
    pid: child.pid,
    readyMs,
    modelsMs: logged ? Number(logged[1]) : null,
    memory: () => ({ rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 }),
    cpuSeconds: () => {
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) / TICKS;
    },
    stop,
  };
}
