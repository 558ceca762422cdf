/**
 * The multi-generator certificate corpus (issue 12): every committed test/corpus/<renderer>/*.pdf is read
 * with the product's own extractPdf + parseCertificate and each checked field compared with its
 * <name>.truth.json; each renderer must read at least 99 % of its fields right. Runs in the "node"
 * vitest project (workerd cannot read files from disk). The PDFs are built by `npm run corpus:build`;
 * `npm run corpus` prints the same scores as tables.
 */
import { describe, expect, it } from "vitest";
import { readCertificate } from "./read";
import { type DocumentScore, failureList, scoreDocument, scoreRenderers } from "./score";

/** The node:fs calls this file needs (the workspace's types are the Workers runtime's, without Node's). */
interface Files {
  readdirSync(path: string, options: { withFileTypes: true }): { name: string; isDirectory(): boolean }[];
  readFileSync(path: string): Uint8Array;
  readFileSync(path: string, encoding: "utf8"): string;
}
const FS_MODULE = "node:fs";
const fs: Files = await import(/* @vite-ignore */ FS_MODULE);

const MIN_ACCURACY = 99;
const MIN_DOCUMENTS = 8;
/** Relative to the repository root, where vitest runs. */
const CORPUS = "test/corpus/";

interface TruthFile {
  renderer: string;
  fields: Record<string, string>;
}

const renderers = fs.readdirSync(CORPUS, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

function documentsOf(renderer: string): string[] {
  return fs.readdirSync(`${CORPUS}${renderer}`, { withFileTypes: true }).map((e) => e.name).filter((n) => n.endsWith(".pdf")).map((n) => n.slice(0, -4)).sort();
}

function truthOf(renderer: string, name: string): TruthFile {
  return JSON.parse(fs.readFileSync(`${CORPUS}${renderer}/${name}.truth.json`, "utf8")) as TruthFile;
}

describe("certificate corpus", () => {
  it("has at least five renderers, each with enough documents and a truth of 15 or more fields per document", () => {
    expect(renderers.length).toBeGreaterThanOrEqual(5);
    for (const renderer of renderers) {
      const names = documentsOf(renderer);
      expect(names.length, renderer).toBeGreaterThanOrEqual(MIN_DOCUMENTS);
      for (const name of names) expect(Object.keys(truthOf(renderer, name).fields).length, `${renderer}/${name}`).toBeGreaterThanOrEqual(15);
    }
  });

  it.each(renderers)(`%s: at least ${MIN_ACCURACY} percent of the checked fields read right`, async (renderer) => {
    const scores: DocumentScore[] = [];
    for (const name of documentsOf(renderer)) {
      // pdf.js refuses a Node Buffer: hand it a plain Uint8Array.
      const read = await readCertificate(new Uint8Array(fs.readFileSync(`${CORPUS}${renderer}/${name}.pdf`)));
      scores.push(scoreDocument(renderer, name, truthOf(renderer, name).fields, read));
    }
    const [score] = scoreRenderers(scores);
    expect(score?.checked ?? 0).toBeGreaterThan(0);
    expect(score?.accuracy ?? 0, `${renderer}: ${score?.right}/${score?.checked} right\n${failureList(scores)}`).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });
});
