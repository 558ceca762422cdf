/**
 * A newcomer's first minutes (issue 37): under Node 20, `npm install` warns EBADENGINE for each package
 * that asks for a newer Node. The README's Quickstart says which ones and why the warnings are
 * harmless; this keeps its list the lockfile's: every installed package whose `engines.node` a Node 20
 * does not satisfy is named there, and the count it states is theirs.
 */
import { describe, expect, it } from "vitest";

const load = (name: string) => import(/* @vite-ignore */ name);
const { readFileSync } = (await load("node:fs")) as { readFileSync(path: string, encoding: "utf8"): string };
/** semver, as npm itself checks engines (npm-install-checks uses it). */
const semver = (await load("semver")) as { satisfies(version: string, range: string, options: { includePrerelease: boolean }): boolean };

interface LockedPackage {
  engines?: { node?: string };
  optional?: boolean;
}

/** The Node a new machine has: the 20 line's latest. */
const NEW_MACHINE_NODE = "20.19.0";
const COUNT_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

describe("the README on npm install's EBADENGINE warnings", () => {
  it("names every package that asks for a newer Node than 20, and how many there are", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, LockedPackage> };
    const newer = Object.entries(lock.packages)
      .filter(([path, p]) => path !== "" && !p.optional && p.engines?.node !== undefined)
      .filter(([, p]) => !semver.satisfies(NEW_MACHINE_NODE, p.engines!.node!, { includePrerelease: true }))
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(newer.length).toBeGreaterThan(0);
    const readme = readFileSync("README.md", "utf8");
    const start = readme.indexOf("npm warn EBADENGINE");
    const paragraph = readme.slice(readme.lastIndexOf("\n\n", start), readme.indexOf("\n\n", start));
    for (const name of newer) expect(paragraph, name).toContain(`\`${name}\``);
    expect(paragraph).toContain(`with ${COUNT_WORDS[newer.length]} \`npm warn EBADENGINE`);
  });
});
