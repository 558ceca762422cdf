/**
 * @module Scores of the certificate corpus, shared by the harness (`npm run corpus`) and the corpus test:
 * per document, per renderer and per field, and the report's text tables.
 */
import { comparable, compareFields, type FieldCheck, fieldFamily, type FieldValues, outcomeOf } from "./fields";
import type { CertificateRead } from "./read";

export interface DocumentScore {
  renderer: string;
  name: string;
  status: string;
  checks: FieldCheck[];
}

export interface RendererScore {
  renderer: string;
  documents: number;
  checked: number;
  right: number;
  /** Percentage of checked fields read right. */
  accuracy: number;
  /** Checked fields with no value read, an issue saying so. */
  missing: number;
  /** Wrong values a ParseIssue flags. */
  flagged: number;
  /** Wrong or missing values no ParseIssue flags: the parser was silently wrong. Must be 0. */
  unflagged: number;
  statuses: Record<string, number>;
}

export function scoreDocument(renderer: string, name: string, truth: FieldValues, read: CertificateRead): DocumentScore {
  return { renderer, name, status: read.status, checks: compareFields(truth, read.fields, read.flagged) };
}

function scoreOf(renderer: string, docs: DocumentScore[]): RendererScore {
  const checks = docs.flatMap((d) => d.checks);
  const right = checks.filter((c) => c.ok).length;
  const statuses: Record<string, number> = {};
  for (const d of docs) statuses[d.status] = (statuses[d.status] ?? 0) + 1;
  const count = (outcome: string) => checks.filter((c) => outcomeOf(c) === outcome).length;
  return {
    renderer,
    documents: docs.length,
    checked: checks.length,
    right,
    accuracy: checks.length ? (100 * right) / checks.length : 100,
    missing: count("missing"),
    flagged: count("flagged"),
    unflagged: count("unflagged"),
    statuses,
  };
}

/** One score per renderer, in first-seen order, then the total. */
export function scoreRenderers(docs: DocumentScore[]): RendererScore[] {
  const renderers = [...new Set(docs.map((d) => d.renderer))];
  return [...renderers.map((r) => scoreOf(r, docs.filter((d) => d.renderer === r))), scoreOf("total", docs)];
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, k) => Math.max(width(h), ...rows.map((r) => width(r[k] ?? ""))));
  const line = (cells: string[]) => `| ${cells.map((c, k) => c + " ".repeat((widths[k] ?? 0) - width(c))).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** Display width: CJK characters take two columns. */
function width(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return n;
}

const percent = (right: number, checked: number) => (checked ? `${((100 * right) / checked).toFixed(1)} %` : "-");

export function rendererTable(scores: RendererScore[]): string {
  return table(
    ["set", "documents", "fields checked", "fields right", "accuracy", "missing, flagged", "wrong, flagged", "wrong or missing, unflagged", "parseStatus"],
    scores.map((s) => [
      s.renderer, String(s.documents), String(s.checked), String(s.right), percent(s.right, s.checked),
      String(s.missing), String(s.flagged), String(s.unflagged),
      Object.entries(s.statuses).map(([k, v]) => `${k} ${v}`).join(", "),
    ]),
  );
}

/**
 * Fields (party fields grouped across positions) × renderers: right / checked, then "!n" when n of the
 * wrong values were unflagged (confidently wrong).
 */
export function fieldTable(docs: DocumentScore[]): string {
  const renderers = [...new Set(docs.map((d) => d.renderer))];
  const cells = new Map<string, { right: number; checked: number; unflagged: number }>();
  const families: string[] = [];
  for (const d of docs) {
    for (const c of d.checks) {
      const family = fieldFamily(c.field);
      if (!families.includes(family)) families.push(family);
      for (const key of [`${family}\u0001${d.renderer}`, `${family}\u0001total`]) {
        const cell = cells.get(key) ?? { right: 0, checked: 0, unflagged: 0 };
        cell.checked += 1;
        if (c.ok) cell.right += 1;
        if (outcomeOf(c) === "unflagged") cell.unflagged += 1;
        cells.set(key, cell);
      }
    }
  }
  return table(
    ["field", ...renderers, "total"],
    families.map((f) => [f, ...[...renderers, "total"].map((r) => {
      const cell = cells.get(`${f}\u0001${r}`);
      return cell ? `${cell.right}/${cell.checked}${cell.unflagged ? ` !${cell.unflagged}` : ""}` : "-";
    })]),
  );
}

function clip(value: string, from = 0, max = 60): string {
  const flat = value.replace(/\s+/g, " ");
  const start = Math.min(from, flat.length);
  const piece = flat.slice(start, start + max);
  return `${start > 0 ? "…" : ""}${piece}${start + max < flat.length ? "…" : ""}`;
}

/** Where two values part, a little before it. */
function firstDifference(expected: string, got: string): number {
  let k = 0;
  while (k < expected.length && expected[k] === got[k]) k++;
  return Math.max(0, k - 20);
}

/** Expected vs got as compared (white space removed where the comparison removes it), from where they part. */
function mismatch(c: FieldCheck): string {
  const expected = comparable(c.field, c.expected);
  if (c.got === undefined) return `expected "${clip(expected)}", got (missing)`;
  const got = comparable(c.field, c.got);
  const from = firstDifference(expected, got);
  return `expected "${clip(expected, from)}", got "${clip(got, from)}"`;
}

/** Each document's wrong fields: expected vs got, clipped. */
export function failureList(docs: DocumentScore[]): string {
  const out: string[] = [];
  for (const d of docs) {
    const wrong = d.checks.filter((c) => !c.ok);
    if (wrong.length === 0) continue;
    out.push(`${d.renderer}/${d.name} (${d.status}): ${wrong.length} of ${d.checks.length} wrong`);
    for (const c of wrong) out.push(`  ${c.field}${outcomeOf(c) === "unflagged" ? " (UNFLAGGED)" : c.flagged ? " (flagged)" : ""}: ${mismatch(c)}`);
  }
  return out.join("\n");
}
