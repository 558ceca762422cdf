/** @module How the CLI shows queries, registrations, checks and results as text. */
import type { Check, CheckResultPage, Entitlements, Query, RegistrationPage } from "../client/index.ts";
import { standingPhrase } from "../worker/schemas/standing-words.ts";
import { shortTime, table } from "./render.ts";
import type { Vocabulary } from "./words.ts";

function documents(q: Query): string {
  return q.totalDocumentCount > 0 || q.processedDocumentCount > 0 ? `${q.processedDocumentCount}/${q.totalDocumentCount}` : "-";
}

const coverage = (words: Vocabulary, complete: boolean) => words.coverage[complete ? "complete" : "incomplete"];

export function queriesTable(queries: readonly Query[], words: Vocabulary): string {
  return table(
    [
      { header: "QUERY" },
      { header: "SUBJECT", max: 32 },
      { header: "STATUS" },
      { header: "REGISTRATIONS", align: "right" },
      { header: "DOCUMENTS", align: "right" },
      { header: "COVERAGE" },
      { header: "SOURCE" },
    ],
    queries.map((q) => [
      q.id,
      q.subjectName,
      words.query[q.status],
      String(q.registrationCount),
      documents(q),
      coverage(words, q.coverageComplete),
      words.sourceStatus[q.sourceStatus],
    ]),
  );
}

/** Why a miss proves nothing (open-api-v1.md, Completeness rules 1–2), naming only the reasons that hold; "" when none. */
export function incompleteness(task: { coverageComplete: boolean; sourceStatus: string }): string {
  const reasons = [
    ...(task.coverageComplete ? [] : ["coverage is incomplete"]),
    ...(task.sourceStatus === "available" ? [] : [`the source is ${task.sourceStatus}`]),
  ];
  return reasons.join(" and ");
}

/** Failures and the completeness rules, one line each. */
export function queryNotes(queries: readonly Query[]): string {
  const lines: string[] = [];
  for (const q of queries) {
    if (q.failure) lines.push(`${q.id}: ${q.failure.code}: ${q.failure.message}`);
    const why = incompleteness(q);
    if (why) lines.push(`${q.id}: ${why}: a registration missing here is not proof that none exists.`);
  }
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/** The certificate's document id, from its download path (omitted while the source cannot be downloaded). */
function documentIdOf(pdfUrl: string | undefined): string {
  return /\/documents\/([^/]+)\/content$/.exec(pdfUrl ?? "")?.[1] ?? "-";
}

export function registrationsTable(page: RegistrationPage, words: Vocabulary): string {
  const rows = page.items.map((r) => [
    r.certificateNumber,
    r.registerType ? words.registerType[r.registerType] : "",
    shortTime(r.registerTime),
    r.expiresAt ?? "",
    r.debtorNames ?? "",
    r.securedPartyNames ?? "",
    words.parse[r.parseStatus],
    String(r.attachments.length),
    documentIdOf(r.pdfUrl),
  ]);
  const first = (page.page - 1) * page.pageSize + 1;
  const shown = page.items.length === 0 ? "none" : `${first}–${first + page.items.length - 1} of ${page.total}`;
  return `Registrations ${shown}\n${table(
    [
      { header: "CERTIFICATE" },
      { header: "TYPE" },
      { header: "REGISTERED" },
      { header: "EXPIRES" },
      { header: "DEBTORS", max: 24 },
      { header: "SECURED PARTIES", max: 24 },
      { header: "PARSE" },
      { header: "ATTACHMENTS", align: "right" },
      { header: "DOCUMENT" },
    ],
    rows,
  )}`;
}

export function checkSummary(c: Check, words: Vocabulary): string {
  const lines = [
    `Check ${c.id}  applicant ${c.applicant}`,
    `status ${words.check[c.status]} · execution ${words.execution[c.executionStatus]} · source ${words.sourceStatus[c.sourceStatus]} (query ${c.sourceRegistryQueryId}) · coverage ${c.coverageComplete ? coverage(words, true) : coverage(words, false).toUpperCase()}`,
    `candidates ${c.candidateCount} · awaiting review ${c.pendingReviewCount} · confirmed risk ${c.confirmedRiskCount} · excluded ${c.excludedCount}`,
  ];
  if (c.failure) lines.push(`failure: ${c.failure.code}: ${c.failure.message}`);
  const why = incompleteness(c);
  if (why) lines.push(`${why[0]!.toUpperCase()}${why.slice(1)}: a miss does not rule out risk.`);
  if (c.status === "review_pending") lines.push("Candidates await manual review; the system decision is not a conclusion.");
  const counts = new Map(c.criterionCounts.map((x) => [x.criterionId, x.count]));
  const issues = c.coverageIssues.map((i) => [i.code, i.criterionId ?? "", i.registrationId ?? ""]);
  return `${lines.join("\n")}\n\n${table(
    [{ header: "CRITERION" }, { header: "KIND" }, { header: "VALUE", max: 32 }, { header: "HITS", align: "right" }],
    c.criteria.map((cr) => [cr.id, words.criterion[cr.kind], cr.value, String(counts.get(cr.id) ?? 0)]),
  )}${issues.length > 0 ? `\nCoverage issues\n${table([{ header: "CODE" }, { header: "CRITERION" }, { header: "REGISTRATION" }], issues)}` : ""}`;
}

export function resultsTable(page: CheckResultPage, check: Check, words: Vocabulary): string {
  const criteria = new Map(check.criteria.map((cr) => [cr.id, cr.value]));
  const c = page.counts;
  const counts = `Results: ${page.total} shown by the filter · all ${c.all} · pending ${c.pending} · confirmed ${c.confirmed} · excluded ${c.excluded} · unmatched ${c.unmatched}`;
  const head = page.reviewableCount === c.pending ? counts : `${counts}\n${pendingExplained(c.pending, page.reviewableCount)}`;
  if (page.items.length === 0) return `${head}\n(no results on this page)\n`;
  const rows = page.items.map((r) => [
    r.registration.id,
    r.registration.certificateNumber,
    words.match[r.matchStatus],
    words.result[r.resultStatus],
    r.strength ? words.strength[r.strength] : "",
    r.matchedCriterionIds.map((id) => criteria.get(id) ?? id).join(", "),
    r.registration.debtorNames ?? "",
    r.pendingReason ?? r.coverageReason ?? r.reviewNote ?? "",
    r.standing ? standingPhrase(r.standing, words) : "",
  ]);
  const more = page.page * page.pageSize < page.total ? `page ${page.page}; next: --page ${page.page + 1}\n` : "";
  return `${head}\n${table(
    [
      { header: "REGISTRATION" },
      { header: "CERTIFICATE" },
      { header: "MATCH" },
      { header: "RESULT" },
      { header: "STRENGTH" },
      { header: "MATCHED", max: 30 },
      { header: "DEBTORS", max: 20 },
      { header: "NOTE", max: 30 },
      // Last, so that a reader's eye (and a script cutting columns) finds the older ones where they were.
      { header: "STANDING", max: 60 },
    ],
    rows,
  )}${more}`;
}

/**
 * "pending" counts every undecided result; "awaiting review" (the check's pendingReviewCount, the
 * page's reviewableCount) only those a reviewer can conclude. Said whenever the two differ.
 */
function pendingExplained(pending: number, reviewable: number): string {
  return `pending ${pending} = ${reviewable} awaiting review (matched, source available) + ${pending - reviewable} that cannot be reviewed (matching could not finish, or the source is not available)`;
}

export function entitlementsView(e: Entitlements, words: Vocabulary): string {
  const sub = e.subscription;
  const plan = sub
    ? `${sub.plan.name} (${words.cycle[sub.cycle]}), ${shortTime(sub.startsAt)} – ${shortTime(sub.endsAt)}, period ends ${shortTime(sub.periodEndsAt)}`
    : "none";
  return `Account ${e.accountId} · subscription: ${plan} · API tasks ${e.apiEnabled ? "enabled" : "NOT enabled"}\n${table(
    [
      { header: "ALLOWANCE" },
      { header: "AVAILABLE", align: "right" },
      { header: "TOTAL", align: "right" },
      { header: "USED", align: "right" },
      { header: "RESERVED", align: "right" },
    ],
    (["query", "check"] as const).map((k) => [
      words.allowance[k],
      String(e[k].available),
      String(e[k].total),
      String(e[k].used),
      String(e[k].reserved),
    ]),
  )}`;
}
