/**
 * The audit trail is append-only (console-api.md: "no path updates or deletes an event"): no module of
 * the Worker, its queues, its Durable Objects or its scripts builds an UPDATE or a DELETE of
 * audit_events, through drizzle or raw SQL; only the audit module and the account move (which copies,
 * never deletes) name the table at all. The shard's triggers refuse both anyway (test/audit.trail.test.ts).
 */
import { describe, expect, it } from "vitest";

interface Entry {
  name: string;
  parentPath: string;
  isFile(): boolean;
}
/** node:fs, loaded at run time: the workspace's types are the Workers runtime's, without Node's. */
const load = (name: string) => import(/* @vite-ignore */ name);
const { readdirSync, readFileSync } = (await load("node:fs")) as {
  readdirSync(path: string, options: { recursive: true; withFileTypes: true }): Entry[];
  readFileSync(path: string, encoding: "utf8"): string;
};
const join = (dir: string, name: string) => `${dir}/${name}`;

const ROOTS = ["worker", "queues", "durable-objects", "scripts", "bin", "cli"];
const SOURCE = /\.(ts|mts|js|mjs)$/;

function sources(): Array<{ path: string; text: string }> {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && SOURCE.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .map((path) => ({ path, text: readFileSync(path, "utf8") })),
  );
}

describe("the audit trail has no update or delete path", () => {
  const files = sources();

  it("reads the sources", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.path === "worker/db/audit.ts")).toBe(true);
  });

  it("builds no UPDATE or DELETE of audit_events, in drizzle or in SQL", () => {
    const writes = /\.(update|delete)\(\s*auditEvents\b|\b(UPDATE|DELETE\s+FROM)\s+[`"']?audit_events\b/i;
    expect(files.filter((f) => writes.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it("names the events table only where events are appended, read or copied", () => {
    const named = files.filter((f) => /\bauditEvents\b|\baudit_events\b/.test(f.text)).map((f) => f.path);
    expect(named.sort()).toEqual([
      // Reads only: who started a task and a check's review conclusions, from the trail (the console).
      "worker/console/db/audit-lookups.ts",
      "worker/db/account-move.ts",
      "worker/db/audit.ts",
      "worker/db/schema/audit-columns.ts",
      "worker/db/schema/console.ts",
      "worker/db/schema/shard.ts",
    ]);
  });

  it("leaves the account move's delete to the tables whose source it may drop", () => {
    const move = readFileSync("worker/db/account-move.ts", "utf8");
    expect(move).toMatch(/audit_events.*keepsSource: true/);
    expect(move).toMatch(/filter\(\(moved\) => !moved\.keepsSource\)/);
  });
});
