/**
 * `npm run start:direct` as the "done when" states it, on a fresh copy of the tracked files: the
 * replica, the connector, OCR and the Worker come up on the ports PORT, OCR_PORT, CONNECTOR_PORT and
 * REPLICA_PORT name; the banner is npm start's plus a line naming the direct-connect upstream; the
 * README quickstart's query (the CLI, unchanged) succeeds through the connector and the replica with
 * every registration listed and every certificate parsed; a SIGTERM to the npm process stops every
 * process and frees every port. Ports 18900-18979; a few minutes on a loaded machine (wrangler dev, the
 * OCR models).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, commandsOf, descendants, listening, npmOnCopy, spawnSync, type NpmOnCopy } from "./npm-on-copy";

const PORT = 18900 + Math.floor(Math.random() * 20) * 4;
const PORTS = { PORT, OCR_PORT: PORT + 1, CONNECTOR_PORT: PORT + 2, REPLICA_PORT: PORT + 3 };
const SUBJECT = "上海示例供应链管理有限公司";
let run: NpmOnCopy;
let output = "";

beforeAll(async () => {
  run = await npmOnCopy(["run", "start:direct"], Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])), "start-direct");
  output = run.output();
}, 330_000);

afterAll(() => run?.kill());

describe("npm run start:direct", () => {
  it("prints npm start's banner with a line naming the direct-connect replica and the connector", () => {
    expect(output).toContain(`Registry API on http://127.0.0.1:${PORT}/api/open/v1 (direct-connect upstream)`);
    expect(output).toContain(
      `Upstream: the registry's direct-connect replica on http://127.0.0.1:${PORTS.REPLICA_PORT}/mfrsq_ws_test/services, through the registry connector on http://127.0.0.1:${PORTS.CONNECTOR_PORT}`,
    );
    expect(output).toContain(`OCR service on http://127.0.0.1:${PORTS.OCR_PORT}`);
  });

  it("serves the README quickstart's query through the connector: succeeded, every registration listed, every certificate parsed", async () => {
    output = run.output();
    const key = output.match(/Demo API key: (rk_v1_\w+)/)![1]!;
    const cli = spawnSync("npx", ["registry-check", "query", SUBJECT], {
      cwd: run.copy,
      // The README's output is English: the locale is pinned so the words do not follow the machine's.
      env: { ...process.env, LC_ALL: "C.UTF-8", REGISTRY_API_URL: `http://127.0.0.1:${PORT}`, REGISTRY_API_KEY: key, NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 180_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    const summary = cli.stdout.split("\n").find((line) => line.startsWith("qry_") && line.includes(SUBJECT))!;
    const [, count, documents] = summary.match(/Completed\s+(\d+)\s+(\d+\/\d+)\s+Complete\s+Available/) ?? [];
    expect(Number(count)).toBeGreaterThan(0);
    expect(documents).toBe(`${count}/${count}`);
    const rows = cli.stdout.split("\n").filter((line) => /^\d{20}\s/.test(line));
    expect(rows).toHaveLength(Number(count));
    expect(rows.every((row) => /\sParsed\s/.test(row))).toBe(true);
    // spawnSync held this process's event loop: the servers' output of the meantime arrives now.
    for (let i = 0; i < 40 && !/\[connector\] .*registry login: new session/.test(run.output()); i++) await new Promise((r) => setTimeout(r, 250));
    expect(run.output()).toMatch(/\[connector\] .*registry login: new session/);
  }, 200_000);

  it("stops every process it started and frees every port on a SIGTERM to the npm process", async () => {
    const started = descendants(run.pid);
    const commands = commandsOf(started);
    expect(commands.some((c) => c.includes("scripts/start-direct.mjs"))).toBe(true);
    expect(commands.some((c) => c.includes("workerd"))).toBe(true);
    process.kill(run.pid, "SIGTERM");
    await run.exited;
    for (let i = 0; i < 120 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 250));
    expect(started.filter(alive).map((pid) => commands[started.indexOf(pid)])).toEqual([]);
    for (const port of Object.values(PORTS)) expect(await listening(port), `port ${port}`).toBe(false);
  }, 60_000);
});
