/**
 * @module Scenario markers in a subject name (sandbox-upstream.md) and the number of registrations a
 * subject has. Markers may appear anywhere in the name.
 */
import { HISTORY_SIZE, isHistorySubject } from "./history";
import { hash32 } from "./prng";

export interface Scenario {
  /** 无登记: an explicit, complete empty list. */
  empty: boolean;
  /** 不可用: the list cannot be obtained. */
  unavailable: boolean;
  /** 隔离: listed, but quarantined. */
  quarantined: boolean;
  /** 部分: some certificates missing, exactly one corrupt. */
  partial: boolean;
  /** 排队: busy on the first two attempts of a listing. */
  busy: boolean;
  /** 慢: every call waits. */
  slow: boolean;
  /** 规模N: exactly N registrations (1 to 5000), else null. */
  scale: number | null;
  /** 文字层: every attachment a text-layer PDF, nothing only pixels (./attachment-plan.ts, asTextLayer). */
  textLayer: boolean;
}

/** The marker of a subject whose attachments all carry a text layer: a scale debtor read without OCR. */
export const TEXT_LAYER_MARKER = "文字层";

export const MAX_SCALE = 5000;

export function scenarioOf(subject: string): Scenario {
  const scale = /规模(\d+)/.exec(subject);
  const n = scale ? Number(scale[1]) : NaN;
  return {
    empty: subject.includes("无登记"),
    unavailable: subject.includes("不可用"),
    quarantined: subject.includes("隔离"),
    partial: subject.includes("部分"),
    busy: subject.includes("排队"),
    slow: subject.includes("慢"),
    scale: Number.isInteger(n) && n >= 1 && n <= MAX_SCALE ? n : null,
    textLayer: subject.includes(TEXT_LAYER_MARKER),
  };
}

/** How many registrations the generated registry holds for a subject. */
export function registrationCount(subject: string, scenario: Scenario = scenarioOf(subject)): number {
  if (scenario.empty) return 0;
  // 沿革: the fixed chains of ./history.ts, whatever other count the name asks for.
  if (isHistorySubject(subject)) return HISTORY_SIZE;
  if (scenario.scale !== null) return scenario.scale;
  const n = 1 + (hash32(`count\u0001${subject}`) % 12);
  // A partial subject needs one corrupt certificate, at least one missing one and at least one good one.
  return scenario.partial ? Math.max(n, 3) : n;
}

/** What fetching registration `index`'s certificate yields under the 部分 marker. */
export function partialFate(index: number): "ok" | "missing" | "corrupt" {
  if (index === 1) return "corrupt";
  return index % 3 === 2 ? "missing" : "ok";
}
