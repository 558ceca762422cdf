/**
 * The real registry certificates (issue 20): the tuning set in ../shared/corpus/real-registry, read from
 * there when present (never copied into the repository: they name real people), skipped when absent. Each
 * PDF is read as the pipeline reads it (extractPdf, then parseCertificate with the number the upstream
 * lists) and scored against truth.json: at least 99 % of the checked fields right, and none wrong without
 * a ParseIssue saying so (a lender trusts what we emit).
 */
import { describe, expect, it } from "vitest";
import { type RealTruth, REAL_REGISTRY_CANDIDATES, REAL_SET, realFields } from "./real-registry";
import { readCertificate } from "./read";
import { type DocumentScore, failureList, scoreDocument, scoreRenderers } from "./score";

/** The node:fs calls this file needs (the workspace's types are the Workers runtime's, without Node's). */
interface Files {
  existsSync(path: string): boolean;
  readFileSync(path: string): Uint8Array;
  readFileSync(path: string, encoding: "utf8"): string;
}
const FS_MODULE = "node:fs";
const fs: Files = await import(/* @vite-ignore */ FS_MODULE);

const MIN_ACCURACY = 99;
const dir = REAL_REGISTRY_CANDIDATES.find((d) => fs.existsSync(`${d}/truth.json`));

describe.skipIf(dir === undefined)("real registry certificates (../shared/corpus/real-registry)", () => {
  it(`reads at least ${MIN_ACCURACY} percent of the checked fields right and none wrong without an issue`, async () => {
    const truths = JSON.parse(fs.readFileSync(`${dir}/truth.json`, "utf8")) as RealTruth[];
    expect(truths.length).toBeGreaterThanOrEqual(20);
    const scores: DocumentScore[] = [];
    for (const truth of truths) {
      const number = truth.certificateNumber;
      const read = await readCertificate(new Uint8Array(fs.readFileSync(`${dir}/pdf/${number}_A.pdf`)), number);
      expect(read.status, number).toBe("completed");
      scores.push(scoreDocument(REAL_SET, number, realFields(truth), read));
    }
    const [score] = scoreRenderers(scores);
    const detail = `${score?.right}/${score?.checked} right, ${score?.unflagged} wrong and unflagged\n${failureList(scores)}`;
    expect(score?.unflagged, detail).toBe(0);
    expect(score?.accuracy ?? 0, detail).toBeGreaterThanOrEqual(MIN_ACCURACY);
  });
});
