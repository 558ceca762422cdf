/**
 * @module The listing-level facts of registration i of a subject, computed in O(1) without generating
 * the list: certificate number, chain position, type, time, term. Chains: index i is an initial
 * registration when i is a multiple of 4 or a coin says so; otherwise it continues the chain of the
 * nearest initial before it (at most 3 back), sharing its initial certificate number. A cancellation
 * only ever closes a chain.
 */
import { BUSINESS_TYPES, type BusinessType } from "../../domain/certificate/vocabulary";
import { historyChainStart, historyStep, isHistorySubject } from "./history";
import { hash32, Rng } from "./prng";

export type GeneratedRegisterType = "initial" | "change" | "extension" | "cancellation";

export interface Skeleton {
  index: number;
  certificateNumber: string;
  initialCertificateNumber: string;
  chainStart: number;
  registerType: GeneratedRegisterType;
  /** Beijing wall time, yyyy-MM-dd HH:mm:ss, as printed. */
  registerTime: string;
  registrationMonths: number;
  expiresAt: string;
  /** Months added by this registration (extension only). */
  extensionMonths: number | null;
  business: BusinessType;
}

function isInitial(subject: string, i: number): boolean {
  return i % 4 === 0 || Rng.of(subject, "initial", i).chance(0.35);
}

/**
 * 20 digits: an 8-digit tag of the subject, the 5-digit index, 6 digits of noise and a check digit, so
 * that (subject, number) leads straight back to the index.
 */
export function certificateNumberFor(subject: string, index: number): string {
  const tag = String(hash32(`tag\u0001${subject}`) % 100_000_000).padStart(8, "0");
  const body = `${tag}${String(index).padStart(5, "0")}${Rng.of(subject, "number", index).digits(6)}`;
  const check = [...body].reduce((sum, d, k) => sum + Number(d) * (k % 2 === 0 ? 3 : 1), 0) % 10;
  return `${body}${check}`;
}

/** The index a certificate number encodes for this subject, or null when it is not one of its numbers. */
export function indexOfCertificate(subject: string, number: string, count: number): number | null {
  if (!/^\d{20}$/.test(number)) return null;
  const index = Number(number.slice(8, 13));
  return index < count && certificateNumberFor(subject, index) === number ? index : null;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Calendar arithmetic on wall-clock dates (Beijing has no daylight saving). */
function wallTime(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function addMonths(date: Date, months: number): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, date.getUTCDate()));
  return wallTime(d).slice(0, 10);
}

const DAY = 86_400_000;
const EPOCH = Date.UTC(2019, 0, 1);

/** Days and minutes between two registrations of a 沿革 chain (any will do: they only need an order). */
const HISTORY_STEP_MS = 12 * DAY + 37 * 60_000;

/** Registration `index` of a 沿革 subject: its fixed plan (./history.ts), receivables pledged (A00100). */
function historySkeleton(subject: string, index: number): Skeleton {
  const { chain, step } = historyStep(index);
  const chainStart = historyChainStart(chain.name);
  const start = new Date(`${chain.start.replace(" ", "T")}Z`);
  const done = chain.follows.slice(0, step);
  const months = chain.months + done.reduce((sum, f) => sum + (f.extensionMonths ?? 0), 0);
  const follow = step > 0 ? chain.follows[step - 1] : undefined;
  return {
    index,
    certificateNumber: certificateNumberFor(subject, index),
    initialCertificateNumber: certificateNumberFor(subject, chainStart),
    chainStart,
    registerType: follow?.type ?? "initial",
    registerTime: wallTime(new Date(start.getTime() + step * HISTORY_STEP_MS)),
    registrationMonths: months,
    expiresAt: addMonths(start, months),
    extensionMonths: follow?.extensionMonths ?? null,
    business: BUSINESS_TYPES.find((b) => b.code === "A00100") ?? BUSINESS_TYPES[0]!,
  };
}

export function skeleton(subject: string, index: number, count: number): Skeleton {
  if (isHistorySubject(subject)) return historySkeleton(subject, index);
  let chainStart = index;
  while (!isInitial(subject, chainStart)) chainStart--;
  const chain = Rng.of(subject, "chain", chainStart);
  const business = chain.pick(BUSINESS_TYPES);
  const start = new Date(EPOCH + chain.int(0, 2300) * DAY + chain.int(8 * 3600, 18 * 3600) * 1000);
  let months = chain.pick([6, 12, 12, 24, 36, 60, 120]);
  let time = start;
  let registerType: GeneratedRegisterType = "initial";
  let extensionMonths: number | null = null;
  for (let k = chainStart + 1; k <= index; k++) {
    const step = Rng.of(subject, "step", k);
    time = new Date(time.getTime() + step.int(15, 300) * DAY + step.int(-3 * 3600, 3 * 3600) * 1000);
    const closesChain = k + 1 >= count || isInitial(subject, k + 1);
    registerType = closesChain && step.chance(0.4) ? "cancellation" : step.chance(0.5) ? "change" : "extension";
    extensionMonths = registerType === "extension" ? step.pick([6, 12, 24]) : null;
    months += extensionMonths ?? 0;
  }
  return {
    index,
    certificateNumber: certificateNumberFor(subject, index),
    initialCertificateNumber: certificateNumberFor(subject, chainStart),
    chainStart,
    registerType,
    registerTime: wallTime(time),
    registrationMonths: months,
    expiresAt: addMonths(start, months),
    extensionMonths,
    business,
  };
}
