/**
 * @module GET /console/ (the overview): the account's plan, its allowance and this period's usage, for
 * queries and for checks (GET /me's entitlements, the open API's PublicEntitlements); above them, what
 * awaits review and what finished since the last visit (view/work-list.ts); for an owner, the API keys
 * minted from a console session lately, marked when one outlived its creator's password change
 * (view/session-keys.ts).
 *
 * Stable hooks: #plan (the plan's name, or #no-subscription), #period-ends, table#allowance with rows
 * tr[data-kind=query|check] and cells td[data-field=total|used|reserved|available].
 */
import { defineMessages, formatNumber, formatTime, type Lang } from "../view/i18n";
import { html, renderPage, type Html } from "../view/layout";
import type { PageGroup } from "../view/page-group";
import { signedIn } from "../view/page-session";
import type { Entitlements } from "../../schemas/entitlements";
import { workSections } from "../view/work-list";
import { sessionKeysSection } from "../view/session-keys";

const messages = defineMessages(
  {
    title: "概览",
    plan: "套餐",
    noSubscription: "当前没有有效订阅：无法创建新的查询或核查。",
    cycle: "计费周期",
    "cycle.monthly": "按月",
    "cycle.annual": "按年",
    periodEnds: "本期结束于",
    subscriptionEnds: "订阅结束于",
    allowance: "额度与本期用量",
    kind: "类型",
    "kind.query": "查询",
    "kind.check": "核查",
    total: "总额度",
    used: "已用",
    reserved: "预留中",
    available: "可用",
    apiDisabled: "当前订阅不允许通过 API 创建任务。",
  },
  {
    title: "Overview",
    plan: "Plan",
    noSubscription: "No subscription in force: new queries and checks cannot be created.",
    cycle: "Billing cycle",
    "cycle.monthly": "Monthly",
    "cycle.annual": "Annual",
    periodEnds: "This period ends",
    subscriptionEnds: "Subscription ends",
    allowance: "Allowance and usage this period",
    kind: "Kind",
    "kind.query": "Queries",
    "kind.check": "Checks",
    total: "Allowance",
    used: "Used",
    reserved: "Reserved",
    available: "Available",
    apiDisabled: "The current subscription does not allow creating tasks through the API.",
  },
);

const FIELDS = ["total", "used", "reserved", "available"] as const;

function planSection(lang: Lang, e: Entitlements): Html {
  const words = messages(lang);
  const s = e.subscription;
  if (!s) return html`<p id="no-subscription" class="notice">${words.noSubscription}</p>`;
  return html`<dl class="facts">
      <dt>${words.plan}</dt>
      <dd id="plan">${s.plan.name}</dd>
      <dt>${words.cycle}</dt>
      <dd>${words[`cycle.${s.cycle}`]}</dd>
      <dt>${words.periodEnds}</dt>
      <dd id="period-ends"><time datetime="${s.periodEndsAt}">${formatTime(lang, s.periodEndsAt)}</time></dd>
      <dt>${words.subscriptionEnds}</dt>
      <dd><time datetime="${s.endsAt}">${formatTime(lang, s.endsAt)}</time></dd>
    </dl>
    ${e.apiEnabled ? "" : html`<p class="notice">${words.apiDisabled}</p>`}`;
}

function allowanceTable(lang: Lang, e: Entitlements): Html {
  const words = messages(lang);
  const rows = (["query", "check"] as const).map(
    (kind) =>
      html`<tr data-kind="${kind}">
        <th scope="row">${words[`kind.${kind}`]}</th>
        ${FIELDS.map((field) => html`<td data-field="${field}" data-label="${words[field]}">${formatNumber(lang, e[kind][field])}</td>`)}
      </tr>`,
  );
  return html`<table id="allowance" class="stacked">
    <caption>
      ${words.allowance}
    </caption>
    <thead>
      <tr>
        <th scope="col">${words.kind}</th>
        ${FIELDS.map((f) => html`<th scope="col">${words[f]}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`;
}

export function registerOverviewPage(pages: PageGroup): void {
  pages.signedInPage("/", async (c) => {
    const lang = c.var.lang;
    const { me } = signedIn(c);
    const words = messages(lang);
    return renderPage(c, {
      title: words.title,
      active: "overview",
      body: html`<h1>${words.title}</h1>
        ${await workSections(c, lang)} ${await sessionKeysSection(c, lang)} ${planSection(lang, me.entitlements)}
        ${allowanceTable(lang, me.entitlements)}`,
    });
  });
}
