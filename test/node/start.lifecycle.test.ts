/**
 * `npm start` as a newcomer and a supervisor meet it (issue 22.4), on a fresh copy of the tracked files
 * (no .wrangler state): its output says once per database what the migrations did (not wrangler's table
 * after every migration) and not wrangler's warning that cron triggers need a manual call (npm start runs
 * the sweep itself); it prints the console's address and a demo owner's sign-in that works, kept for the
 * next start; and a SIGTERM to the `npm start` process, the one a supervisor or `kill $!` signals,
 * stops everything it started (scripts/start.mjs, wrangler, workerd, the OCR service) and frees its ports.
 * Ports 18740-18799; a few minutes on a loaded machine (migrations, wrangler dev, the OCR models).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, commandsOf, descendants, fs, listening, npmOnCopy, type NpmOnCopy } from "./npm-on-copy";

const load = (name: string) => import(/* @vite-ignore */ name);
const PORT = 18740 + Math.floor(Math.random() * 30) * 2;
const OCR_PORT = PORT + 1;
let run: NpmOnCopy;
let output = "";
let copy = "";

beforeAll(async () => {
  // The OCR service answers once its models are loaded; the banner waits for it.
  run = await npmOnCopy(["start"], { PORT: String(PORT), OCR_PORT: String(OCR_PORT) }, "start-lifecycle");
  ({ copy } = run);
  output = run.output();
}, 330_000);

afterAll(() => run?.kill());

describe("npm start", () => {
  it("says once per database what the migrations did, and not wrangler's warning about cron triggers", () => {
    expect(output).toMatch(/D1 DB: \d+ migration\(s\) applied/);
    expect(output).toMatch(/D1 SHARD_1: \d+ migration\(s\) applied/);
    expect(output).not.toContain("Migrations to be applied");
    expect(output.match(/0000_baseline\.sql/g) ?? []).toEqual([]);
    expect(output).not.toContain("Scheduled Workers are not automatically triggered");
    expect(output).not.toContain("cdn-cgi/local/scheduled");
    expect(output).toContain(`OCR service on http://127.0.0.1:${OCR_PORT}`);
  });

  it("prints the console's address and its demo owner's sign-in, which signs in; a second pass makes no second owner", async () => {
    const base = `http://127.0.0.1:${PORT}`;
    expect(output).toContain(`Console: ${base}/console/`);
    const [, email, password] = output.match(/Console sign-in: (\S+) \/ (\S+) /) ?? [];
    const kept = JSON.parse(fs.readFileSync(`${copy}/.wrangler/demo.json`, "utf8")) as {
      accountId: string;
      owner: { email: string; password: string };
    };
    expect(kept.owner).toEqual({ email, password });
    const session = await fetch(`${base}/api/console/v1/session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { role: string } }).user.role).toBe("owner");

    // What a restart does once the server is up, against the same state: the kept owner, reused.
    const { ensureDemo } = (await load(`${copy}/scripts/demo-account.mjs`)) as {
      ensureDemo(base: string, adminToken: string, file: string): Promise<{ accountId: string; owner: { email: string; password: string } }>;
    };
    const devVars = fs.readFileSync(`${copy}/.dev.vars`, "utf8");
    const adminToken = devVars.match(/^ADMIN_TOKEN=(.*)$/m)![1]!;
    // The key that seals TOTP secrets at rest, written with the other local secrets.
    expect(devVars).toMatch(/^CONSOLE_SECRET_KEY=[A-Za-z0-9+/]{43}=$/m);
    const again = await ensureDemo(base, adminToken, `${copy}/.wrangler/demo.json`);
    expect(again).toEqual({ ...kept, owner: { email, password } });
    const users = await fetch(`${base}/api/admin/v1/accounts/${kept.accountId}/users`, { headers: { Authorization: `Bearer ${adminToken}` } });
    const owners = ((await users.json()) as { items: { role: string; status: string }[] }).items.filter((u) => u.role === "owner");
    expect(owners).toEqual([expect.objectContaining({ status: "active" })]);
  });

  it("stops everything it started, wrangler, workerd and the OCR service, on a SIGTERM to the npm process", async () => {
    const started = descendants(run.pid);
    const commands = commandsOf(started);
    expect(commands.some((c) => c.includes("scripts/start.mjs"))).toBe(true);
    expect(commands.some((c) => c.includes("workerd"))).toBe(true);
    expect(commands.some((c) => c.includes("services/ocr/main.mjs"))).toBe(true);
    expect(await listening(PORT)).toBe(true);

    process.kill(run.pid, "SIGTERM");
    await run.exited;
    for (let i = 0; i < 120 && started.some(alive); i++) await new Promise((r) => setTimeout(r, 250));
    expect(started.filter(alive).map((pid) => commands[started.indexOf(pid)])).toEqual([]);
    expect(await listening(PORT)).toBe(false);
    expect(await listening(OCR_PORT)).toBe(false);
  }, 60_000);
});
