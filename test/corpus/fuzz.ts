/**
 * @module The layout fuzzer read as the product reads a certificate: a case's knobs (scripts/corpus/fuzz-case.ts)
 * printed to a PDF, read with extractPdf + parseCertificate (read.ts) and scored field by field against the
 * case's truth (score.ts). Shared by the bounded property test (fuzz.test.ts) and `npm run corpus`, which
 * samples thousands of cases.
 */
import fc from "fast-check";
import { fuzzDocument, type FuzzKnobs, fuzzKnobs } from "../../scripts/corpus/fuzz-case";
import { renderFuzz } from "../../scripts/corpus/fuzz-layout";
import { readCertificate } from "./read";
import { type DocumentScore, scoreDocument } from "./score";

/** A fuzzed case's family in the report: the vocabulary's era, or the class of silent miss it prints (issue 39). */
export const FUZZ_SET = "fuzz";

export async function scoreFuzzCase(knobs: FuzzKnobs, name = String(knobs.seed)): Promise<DocumentScore & { layout: string }> {
  const doc = fuzzDocument(knobs);
  const read = await readCertificate(await renderFuzz(doc, knobs.geometry, knobs.seed));
  return { ...scoreDocument(`${FUZZ_SET}/${knobs.trap ?? knobs.era}`, name, doc.truth, read), layout: doc.layout };
}

/** `count` cases drawn from the fuzzer's arbitrary with a fixed seed: the same cases on every run. */
export function sampleFuzzKnobs(count: number, seed: number): FuzzKnobs[] {
  return fc.sample(fuzzKnobs, { numRuns: count, seed });
}
