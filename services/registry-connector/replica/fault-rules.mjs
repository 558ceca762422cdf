/**
 * @module Faults played on request by the replica and the gateway stub: a spec is `name[=value]` items
 * joined by `;` (e.g. `slow=2000;busy`), switched by rule (matched on subject and route, for a number of
 * requests). Each server documents the names it plays (replica/server.mjs, gateway-stub/faults.mjs).
 */

/** @returns {Map<string, string>} */
export function parseFault(spec) {
  const fault = new Map();
  for (const item of String(spec ?? "").split(";")) {
    const [name, ...rest] = item.trim().split("=");
    if (name) fault.set(name.trim().toLowerCase(), rest.join("=").trim());
  }
  return fault;
}

export class FaultRules {
  #rules = [];
  #next = 1;

  /** @param {{subject?: string, route?: string, fault: string, times?: number}} rule */
  add(rule) {
    if (typeof rule?.fault !== "string" || !rule.fault) throw new Error("a rule needs a fault");
    const id = this.#next++;
    this.#rules.push({ id, subject: rule.subject ?? null, route: rule.route ?? null, fault: rule.fault, remaining: rule.times ?? Infinity });
    return id;
  }

  clear() {
    this.#rules = [];
  }

  /** The first rule matching this request, used up by one. */
  take(subject, route) {
    const rule = this.#rules.find((r) => (r.subject === null || r.subject === subject) && (r.route === null || r.route === route));
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) this.#rules = this.#rules.filter((r) => r !== rule);
    return rule.fault;
  }
}
