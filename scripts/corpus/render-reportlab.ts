/**
 * @module ReportLab (python3-reportlab, the system Python) with the non-embedded STSong-Light CID font:
 * the documents go to scripts/corpus/reportlab_render.py as JSON on stdin, one Python run for all.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PrintedDocument } from "./document";

export type ReportLabLayout = "label-above" | "ruled-table";

const PYTHON = "/usr/bin/python3";

export function reportLabVersion(): string {
  return execFileSync(PYTHON, ["-c", "import reportlab; print(reportlab.Version)"], { encoding: "utf8" }).trim();
}

export function renderReportLab(
  items: { name: string; layout: ReportLabLayout; doc: PrintedDocument }[],
  scriptDir: string,
  workDir: string,
): Map<string, Uint8Array> {
  const jobs = items.map((i) => ({ path: join(workDir, `${i.name}.pdf`), layout: i.layout, doc: i.doc }));
  execFileSync(PYTHON, [join(scriptDir, "reportlab_render.py")], { input: JSON.stringify(jobs), stdio: ["pipe", "inherit", "inherit"] });
  return new Map(jobs.map((j, k) => [items[k]?.name ?? "", new Uint8Array(readFileSync(j.path))]));
}
